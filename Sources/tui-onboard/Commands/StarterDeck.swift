import OnboardKit

/// What `tui-onboard init` writes: a deck with a step, a hero, a question and a paywall page, the step's
/// art and the paywall's catalog. Kept in the binary, so `init` works wherever it is installed.
enum StarterDeck {
    struct File {
        /// Relative to the directory `init` writes into.
        var path: String
        var contents: String
    }

    /// The deck, its art and its catalog, the paywall in `layout`.
    static func files(layout: PaywallLayout) -> [File] { [deck(layout: layout), art, catalog] }

    /// The schemas the deck and catalog name, in the folder `"$schema"` points at.
    static let schemaNames = ["deck.schema.json", "catalog.schema.json"]

    /// The starter files with the installed schemas copied beside them (`schemas/…`), so the
    /// relative `"$schema"` of the deck and catalog resolves in any editor, offline. Without
    /// the schemas (no installed assets), the `"$schema"` lines are left out rather than point
    /// at nothing.
    static func files(layout: PaywallLayout, schemas: [String: String]) -> [File] {
        let copied = schemaNames.compactMap { name in schemas[name].map { File(path: "schemas/\(name)", contents: $0) }
        }
        let files = files(layout: layout)
        guard copied.count < schemaNames.count else { return files + copied }
        return files.map { file in
            File(
                path: file.path,
                contents: file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.contains("\"$schema\"") }.joined(separator: "\n"))
        }
    }

    /// A comparison page's own (no) features: its table says what each tier has, and the
    /// catalog's features above it too would not leave the table room at 80x24.
    private static let comparisonFeatures = "\n      \"features\": [],"

    /// Whether the starter paywall in `layout` has the period switch.
    static func switchesPeriods(_ layout: PaywallLayout) -> Bool { layout == .tiers || layout == .comparison }

    /// The deck, its paywall page in `layout`. The tiers and the comparison have their period
    /// switch on: a tier's packages differ by period only, and the comparison's table then
    /// fits 80x24 in every language the app speaks.
    static func deck(layout: PaywallLayout) -> File {
        File(
            path: "deck.json",
            contents: """
                {
                  "$schema": "schemas/deck.schema.json",
                  "app": { "id": "com.example.mytool", "name": "My Tool", "version": "1.0.0" },
                  "catalog": "catalog.json",
                  "accent": "#0ea5e9",
                  "labels": { "next": "Next", "back": "Back", "skip": "Skip", "done": "Get started" },
                  "pages": [
                    {
                      "kind": "step",
                      "image": "art/welcome.txt",
                      "heading": "Welcome to My Tool",
                      "text": "This tour is a JSON file: change the words, add pages, and check it with tui-onboard validate deck.json."
                    },
                    {
                      "kind": "hero",
                      "symbol": "sparkles",
                      "title": "One thing it does well",
                      "subtitle": "Hero pages show a built-in symbol (tui-onboard symbols lists them). This one bounces in.",
                      "bounceOnAppear": true
                    },
                    {
                      "kind": "question",
                      "id": "shell",
                      "heading": "Which shell do you use?",
                      "text": "Question pages hand their answer to your tool: tui-onboard answer shell --app com.example.mytool",
                      "choices": [
                        { "id": "bash", "title": "Bash" },
                        { "id": "zsh", "title": "Zsh" },
                        { "id": "fish", "title": "fish", "subtitle": "the friendly shell" }
                      ],
                      "default": "bash"
                    },
                    {
                      "kind": "paywall",
                      "offering": "default",
                      "layout": "\(layout.rawValue)",\(layout == .comparison ? comparisonFeatures : "")
                      "periodSwitch": \(switchesPeriods(layout))
                    }
                  ]
                }

                """)
    }

    /// The layouts a paywall page can pick but `chosen`, as `init` names them: "list, cards or comparison".
    static func layouts(except chosen: PaywallLayout) -> String {
        let names = PaywallLayout.allCases.filter { $0 != chosen }.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    static let art = File(
        path: "art/welcome.txt",
        contents: """
            ╭──────────────────────────────╮
            │ $ mytool                     │
            │ ▸ a first run worth a second │
            ╰──────────────────────────────╯

            """)

    static let catalog = File(
        path: "catalog.json",
        contents: """
            {
              "$schema": "schemas/catalog.schema.json",
              "formatVersion": 1,
              "currency": "USD",
              "currentOffering": "default",
              "links": {
                "privacyPolicy": "https://example.com/privacy",
                "termsOfUse": "https://example.com/terms"
              },
              "products": [
                {
                  "id": "mytool_pro_annual",
                  "type": "autoRenewable",
                  "price": "29.99",
                  "period": "P1Y",
                  "subscriptionGroup": "pro",
                  "introductoryOffer": { "mode": "freeTrial", "period": "P1W" },
                  "title": "Pro Annual",
                  "description": "Every Pro feature, billed once a year."
                },
                {
                  "id": "mytool_pro_monthly",
                  "type": "autoRenewable",
                  "price": "3.99",
                  "period": "P1M",
                  "subscriptionGroup": "pro",
                  "title": "Pro Monthly",
                  "description": "Every Pro feature, billed every month."
                },
                {
                  "id": "mytool_pro_lifetime",
                  "type": "nonConsumable",
                  "price": "79.99",
                  "title": "Pro Lifetime",
                  "description": "Every Pro feature, paid once."
                }
              ],
              "entitlements": [
                {
                  "id": "pro",
                  "displayName": "My Tool Pro",
                  "products": ["mytool_pro_annual", "mytool_pro_monthly", "mytool_pro_lifetime"]
                }
              ],
              "offerings": [
                {
                  "id": "default",
                  "defaultPackage": "$rc_annual",
                  "packages": [
                    { "id": "$rc_annual", "product": "mytool_pro_annual" },
                    { "id": "$rc_monthly", "product": "mytool_pro_monthly" },
                    { "id": "$rc_lifetime", "product": "mytool_pro_lifetime" }
                  ],
                  "tiers": [
                    {
                      "id": "pro",
                      "name": "Pro",
                      "features": ["Everything My Tool does, without limits", "Priority answers to your questions"],
                      "packages": ["$rc_annual", "$rc_monthly"]
                    },
                    {
                      "id": "lifetime",
                      "name": "Lifetime",
                      "features": ["Everything My Tool does, without limits", "Paid once, yours to keep"],
                      "packages": ["$rc_lifetime"]
                    }
                  ],
                  "comparison": [
                    { "feature": "Priority answers", "values": { "pro": true, "lifetime": false } },
                    { "feature": "Billed", "values": { "pro": "monthly or yearly", "lifetime": "once" } }
                  ],
                  "copy": {
                    "title": "Go Pro",
                    "features": ["Everything My Tool does, without limits", "Priority answers to your questions"],
                    "callToAction": "Continue for {{ price_per_period }}",
                    "callToActionWithIntroOffer": "Start your {{ sub_offer }}, then {{ price_per_period }}"
                  }
                }
              ]
            }

            """)
}

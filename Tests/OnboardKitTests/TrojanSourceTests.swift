import Foundation
import Testing

@testable import OnboardKit

/// No direction control an author, a catalog, a translator or a licensee writes into a text can
/// change anything the screen shows but that text: not the price beside a product's name, not
/// the date after a licensee, not a mark or a label ("Trojan Source", CVE-2021-42574). Every
/// field a reader sees is tried with every control as an attacker would place it; the screens
/// (each page at rest, and `--plain` as a reader that orders the text shows it) must be those
/// of the same field without it.
@Suite struct TrojanSourceTests {
    struct Attack: Sendable, CustomTestStringConvertible {
        var name: String
        var apply: @Sendable (String) -> String
        var testDescription: String { name }
        /// A mark (LRM, RLM, ALM) is a strong character, not a control to balance: inside a text
        /// joined to ours it stays in the text's isolate; a text that is a line of its own may
        /// take its direction from it, as any paragraph does.
        var isMark: Bool { name.hasPrefix("RLM") || name.hasPrefix("ALM") || name.hasPrefix("LRM") }
    }

    static let rlo = "\u{202E}", lro = "\u{202D}", rle = "\u{202B}", lre = "\u{202A}", pdf = "\u{202C}"
    static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
    static let rlm = "\u{200F}", lrm = "\u{200E}", alm = "\u{061C}"

    static let attacks: [Attack] = [
        Attack(name: "RLO after") { $0 + rlo },
        Attack(name: "RLO before") { rlo + $0 },
        Attack(name: "LRO before") { lro + $0 },
        Attack(name: "RLE after") { $0 + rle },
        Attack(name: "LRE before") { lre + $0 },
        Attack(name: "RLO inside") { $0.replacing(" ", with: " " + rlo, maxReplacements: 1) },
        Attack(name: "stray PDF, then RLO") { pdf + rlo + $0 },
        Attack(name: "stray PDI, then RLO") { pdi + rlo + $0 },
        Attack(name: "PDI and RLO after") { $0 + pdi + rlo },
        Attack(name: "RLI never closed") { $0 + rli },
        Attack(name: "FSI never closed") { $0 + fsi },
        Attack(name: "LRI never closed, before") { lri + $0 },
        Attack(name: "stray PDI after") { $0 + pdi },
        Attack(name: "stray PDF after") { $0 + pdf },
        Attack(name: "an isolate, a stray PDI, RLO") { $0 + rli + pdi + pdi + rlo },
        Attack(name: "an empty override, then RLO") { $0 + rlo + pdf + rlo },
        Attack(name: "RLM before") { rlm + $0 },
        Attack(name: "RLM after") { $0 + rlm },
        Attack(name: "ALM before") { alm + $0 },
        Attack(name: "ALM after") { $0 + alm },
        Attack(name: "LRM before") { lrm + $0 },
        Attack(name: "200 isolates deep") {
            String(repeating: rli, count: 200) + $0 + String(repeating: pdi, count: 100) + rlo
        },
    ]

    /// Every text a reader sees, with its English and its Arabic.
    enum Field: String, CaseIterable, Sendable {
        case appName, nextLabel, backLabel, skipLabel, doneLabel, stepHeading, stepText, questionHeading
        case choiceTitle, choiceSubtitle, productTitle, productDescription, entitlementName
        case copyTitle, copySubtitle, copyFeature, callToAction, licensee

        /// A sentence of the author's with our values in it (the call to action and its price):
        /// a mark may set the direction of the author's sentence, never the order inside a price.
        var isSentenceWithValues: Bool { self == .callToAction }

        var english: String {
            switch self {
            case .appName: "Acme Tool"
            case .nextLabel: "Onward"
            case .backLabel: "Return"
            case .skipLabel: "Leave"
            case .doneLabel: "Finish now"
            case .stepHeading: "Hello there"
            case .stepText: "Short body line"
            case .questionHeading: "Pick one"
            case .choiceTitle: "First choice"
            case .choiceSubtitle: "Some detail"
            case .productTitle: "Pro Monthly"
            case .productDescription: "Billed every month"
            case .entitlementName: "Acme Pro"
            case .copyTitle: "Go Pro today"
            case .copySubtitle: "Cancel any time"
            case .copyFeature: "Unlimited decks"
            case .callToAction: "Continue for {{ price_per_period }}"
            case .licensee: "Ada Lovelace"
            }
        }

        var arabic: String {
            switch self {
            case .appName: "أداة أكمي"
            case .nextLabel: "التالي"
            case .backLabel: "رجوع"
            case .skipLabel: "تخط"
            case .doneLabel: "انته الآن"
            case .stepHeading: "مرحبا هناك"
            case .stepText: "سطر قصير"
            case .questionHeading: "اختر واحدا"
            case .choiceTitle: "الخيار الأول"
            case .choiceSubtitle: "بعض التفاصيل"
            case .productTitle: "برو الشهري"
            case .productDescription: "يدفع كل شهر"
            case .entitlementName: "أكمي برو"
            case .copyTitle: "اشترك اليوم"
            case .copySubtitle: "ألغ متى شئت"
            case .copyFeature: "جولات بلا حدود"
            case .callToAction: "تابع مقابل {{ price_per_period }}"
            case .licensee: "آدا لوفليس"
            }
        }
    }

    /// Where the screens are drawn: English left to right, or Arabic right to left with the
    /// texts' Arabic translations (where the attack then is).
    enum Reader: CaseIterable, Sendable {
        case english, arabic

        var messages: Messages { self == .arabic ? Messages(language: "ar", lookup: nil) : .english }
    }

    /// The screens for `reader` with `attack` on `field`'s text (none: the texts as written).
    static func screens(_ reader: Reader, attacking field: Field? = nil, with attack: Attack? = nil) throws -> [String]
    {
        func text(_ of: Field) -> String {
            var english = of.english, arabic = of.arabic
            if of == field, let attack {
                if reader == .arabic { arabic = attack.apply(arabic) } else { english = attack.apply(english) }
            }
            // The app's name and a licensee are written in one language.
            if of == .licensee { return reader == .arabic ? arabic : english }
            if of == .appName { return JSONString.quoted(reader == .arabic ? arabic : english) }
            return "{\"default\": \(JSONString.quoted(english)), \"ar\": \(JSONString.quoted(arabic))}"
        }
        let catalog = """
            {"formatVersion": 1, "currency": "USD", "currentOffering": "default",
             "licensing": {"mode": "mixed",
              "publicKeys": ["ed25519:d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"]},
             "links": {"privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms"},
             "products": [
              {"id": "annual", "type": "autoRenewable", "price": "39.99", "period": "P1Y", "subscriptionGroup": "pro",
               "groupLevel": 1, "title": "Pro Annual", "description": "Billed every year"},
              {"id": "monthly", "type": "autoRenewable", "price": "4.99", "period": "P1M", "subscriptionGroup": "pro",
               "groupLevel": 2, "title": \(text(.productTitle)), "description": \(text(.productDescription))},
              {"id": "lifetime", "type": "nonConsumable", "price": "99.99", "title": "Pro Lifetime",
               "description": "Yours to keep"}
             ],
             "entitlements": [{"id": "pro", "displayName": \(text(.entitlementName)), "products": ["annual", "monthly", "lifetime"]},
              {"id": "extra", "displayName": "Extra", "products": ["lifetime"]}],
             "offerings": [{"id": "default", "defaultPackage": "$rc_monthly",
              "packages": [{"id": "$rc_annual", "product": "annual"}, {"id": "$rc_monthly", "product": "monthly"},
               {"id": "$rc_lifetime", "product": "lifetime"}],
              "copy": {"title": \(text(.copyTitle)), "subtitle": \(text(.copySubtitle)),
               "features": [\(text(.copyFeature))], "callToAction": \(text(.callToAction))}}]}
            """
        let deck = """
            {"app": {"id": "test.trojan", "name": \(text(.appName)), "version": "1.0.0"},
             "labels": {"next": \(text(.nextLabel)), "back": \(text(.backLabel)), "skip": \(text(.skipLabel)),
              "done": \(text(.doneLabel))},
             "pages": [
              {"kind": "step", "heading": \(text(.stepHeading)), "text": \(text(.stepText))},
              {"kind": "question", "id": "goal", "heading": \(text(.questionHeading)),
               "choices": [{"id": "a", "title": \(text(.choiceTitle)), "subtitle": \(text(.choiceSubtitle))},
                {"id": "b", "title": "B"}], "default": "a"},
              {"kind": "paywall", "offering": "default"}
             ]}
            """
        let language = LanguagePreference(tags: reader == .arabic ? ["ar"] : [])
        let loadedDeck = try #require(
            DeckLoader.decode(Array(deck.utf8), file: "deck.json", reader: .memory([:]), language: language).deck)
        let loadedCatalog = try #require(
            CatalogDecoder.decode(
                Array(catalog.utf8), path: "catalog.json", fileReader: CatalogFixtures.memoryReader([:]),
                language: language
            ).catalog)
        let now = StoreFixtures.date(2026, 1, 1)
        let license = License(
            format: .tuiOnboard, id: "L-1", appID: "test.trojan", issued: now,
            licensee: License.Licensee(name: text(.licensee), email: nil),
            grants: [License.Grant(entitlement: "extra", expires: StoreFixtures.date(2027, 3, 4))])
        return Messages.$current.withValue(reader.messages) {
            let setup = PaywallSetup(
                catalog: loadedCatalog, clock: StoreClock(startWallDate: now),
                licenses: [license])
            let direction: LayoutDirection = reader == .arabic ? .rightToLeft : .leftToRight
            let pages = PagePictures.render(
                loadedDeck, width: 80, height: 26, paywall: setup, layoutDirection: direction
            )
            .map(\.canvas.text)
            // `--plain` as a terminal or a screen reader that orders text shows it.
            let plain = PlainTextRenderer.render(loadedDeck, paywall: PaywallController(setup: setup, seed: 1))
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { BidiText.visualLine($0) }.joined(separator: "\n")
            return pages + [plain]
        }
    }

    static func baseline(_ reader: Reader) throws -> [String] { try screens(reader) }

    /// What the attack would show if it worked: the price and the date where they are now.
    @Test(arguments: Reader.allCases)
    func theBaselineShowsThePricesAndTheLicense(reader: Reader) throws {
        let screens = try Self.baseline(reader)
        let paywall = screens[2]
        for shown in ["$4.99", "$39.99", "$99.99", "Mar 4, 2027"] {
            #expect(paywall.contains(shown), "\(shown) is on the paywall:\n\(paywall)")
        }
    }

    @Test(arguments: Field.allCases, Reader.allCases)
    func noDirectionControlInATextChangesWhatTheScreenShows(field: Field, reader: Reader) throws {
        let baseline = try Self.baseline(reader)
        for attack in Self.attacks {
            let attacked = try Self.screens(reader, attacking: field, with: attack)
            for (index, (theirs, ours)) in zip(attacked, baseline).enumerated() {
                let place = index < 3 ? "page \(index + 1)" : "--plain"
                if attack.isMark && field.isSentenceWithValues {
                    #expect(Self.prices(in: theirs) == Self.prices(in: ours), "\(field) with \(attack.name), \(place)")
                } else if theirs != ours {
                    let diff = LineDiff.lines(from: ours, to: theirs)
                    Issue.record(Comment(rawValue: "\(field) with \(attack.name), \(place):\n\(diff)"))
                }
            }
        }
    }

    /// Every price shown, as it reads: "$4.99/mo", "$39.99".
    static func prices(in screen: String) -> [String] {
        screen.matches(of: /\$[0-9.]+(\/[a-z]+)?/).map { String($0.output.0) }.sorted()
    }
}

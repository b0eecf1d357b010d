import Foundation
import Testing

@testable import OnboardKit

/// A catalog's `"paywall"`, tiers, comparison and badges, and a deck page's layout: read, and
/// refused at their place with what to do.
@Suite struct DesignDecodingTests {
    /// A catalog of a monthly and a yearly plan, with `offering` members and top-level members added.
    static func catalog(offering: String = "", top: String = "", yearlyPackage: String = "") -> String {
        """
        {"formatVersion": 1, "currency": "USD", "currentOffering": "o", \(top)
         "products": [
           {"id": "m", "type": "autoRenewable", "price": "4.99", "period": "P1M", "subscriptionGroup": "g",
            "title": "Monthly plan"},
           {"id": "y", "type": "autoRenewable", "price": "39.99", "period": "P1Y", "subscriptionGroup": "g",
            "title": "Yearly plan"}],
         "entitlements": [{"id": "e", "displayName": "E", "products": ["m", "y"]}],
         "offerings": [{"id": "o", \(offering)
           "packages": [{"id": "$rc_monthly", "product": "m"}, {"id": "$rc_annual", "product": "y"\(yearlyPackage)}],
           "copy": {"title": "T"}}]}
        """
    }

    static func load(_ text: String) -> CatalogLoadResult {
        CatalogDecoder.decode(Array(text.utf8), path: "c.json", fileReader: CatalogFixtures.memoryReader([:]))
    }

    @Test func theDesignIsRead() throws {
        let result = Self.load(
            Self.catalog(
                offering: """
                    "tiers": [{"id": "pro", "name": "Pro", "features": ["Sync"], "packages": ["$rc_monthly", "$rc_annual"]}],
                    "comparison": [{"feature": "Storage", "values": {"pro": "5 GB"}}, {"feature": "Sync", "values": {"pro": true}}],
                    """, top: #""paywall": {"layout": "comparison", "periodSwitch": true},"#,
                yearlyPackage: #", "badge": "{{ savings }}""#))
        let catalog = try #require(result.catalog, "\(result.diagnostics)")
        #expect(catalog.paywall == PaywallDesign(layout: .comparison, periodSwitch: true))
        let offering = try #require(catalog.currentOffering)
        #expect(
            offering.tiers == [
                PaywallTier(id: "pro", name: "Pro", features: ["Sync"], packageIDs: ["$rc_monthly", "$rc_annual"])
            ])
        #expect(offering.comparison.map(\.cells) == [["pro": .value("5 GB")], ["pro": .included]])
        #expect(offering.packages[1].badge == "{{ savings }}")
        #expect(!result.diagnostics.contains { $0.severity == .error })
    }

    @Test(
        arguments: [
            (#""paywall": {"layout": "card"},"#, "", "paywall.layout", #"did you mean "cards"?"#),
            (
                "", #""tiers": [{"id": "a", "name": "A", "packages": ["$rc_montly"]}],"#,
                "offerings[0].tiers[0].packages[0]",
                #"did you mean "$rc_monthly"?"#
            ),
            (
                "",
                #""tiers": [{"id": "a", "name": "A", "packages": ["$rc_monthly"]}, {"id": "b", "name": "B", "packages": ["$rc_monthly"]}],"#,
                "offerings[0].tiers[1].packages[0]", #"already in the tier "a""#
            ),
            (
                "", #""comparison": [{"feature": "F", "values": {"pr": true}}],"#,
                "offerings[0].comparison[0].values.pr",
                "expected the id of a tier or a package"
            ),
            (#""paywall": {"periodSwitch": "yes"},"#, "", "paywall.periodSwitch", "true or false"),
        ] as [(String, String, String, String)])
    func mistakesAreRefusedWhereTheyAre(top: String, offering: String, path: String, words: String) {
        let result = Self.load(Self.catalog(offering: offering, top: top))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.path == path && $0.message.contains(words) }, "\(result.diagnostics)")
    }

    @Test func aPageSetsItsOwnLayout() throws {
        let deck = #"""
            {"app": {"id": "a", "name": "A", "version": "1"}, "pages": [
              {"kind": "paywall", "layout": "cards", "periodSwitch": false, "countdown": {"for": "PT1H"},
               "testimonials": [{"default": "Great", "de": "Toll"}]}]}
            """#
        let result = DeckLoader.decode(
            Array(deck.utf8), file: "d.json", reader: .memory([:]), language: LanguagePreference(tags: ["de"]))
        let first = try #require(result.deck?.pages.first ?? nil)
        if case .paywall(let page) = first {
            #expect(
                page.design
                    == PaywallDesign(
                        layout: .cards, periodSwitch: false, countdown: PaywallCountdown(.after(seconds: 3_600)),
                        testimonials: ["Toll"]))
        } else {
            Issue.record("not a paywall: \(first)")
        }
        let broken =
            #"{"app": {"id": "a", "name": "A", "version": "1"}, "pages": [{"kind": "paywall", "layout": "grid"}]}"#
        let refused = DeckLoader.decode(Array(broken.utf8), file: "d.json", reader: .memory([:]))
        #expect(
            refused.diagnostics.contains {
                $0.path == "pages[0].layout" && $0.message.contains(#"unknown layout "grid""#)
            }, "\(refused.diagnostics)")
    }

    /// The page's members win one by one; the rest come from the catalog.
    @Test func thePageOverridesTheCatalogMemberByMember() {
        let catalog = PaywallDesign(layout: .tiers, periodSwitch: true)
        #expect(PaywallDesign(layout: .cards).overriding(catalog) == PaywallDesign(layout: .cards, periodSwitch: true))
        #expect(
            PaywallDesign(periodSwitch: false).overriding(catalog) == PaywallDesign(layout: .tiers, periodSwitch: false)
        )
        #expect(PaywallDesign().resolvedLayout == .list)
    }

    /// A `.storekit` catalog has no tiers: each level of a subscription group is one.
    @Test func tiersComeFromGroupLevelsWithoutDeclaredOnes() {
        func package(_ id: String, _ title: String, level: Int?) -> Package {
            Package(
                identifier: id,
                product: Product(
                    id: id, type: level == nil ? .nonConsumable : .autoRenewable, price: 1, currencyCode: "USD",
                    subscriptionPeriod: level == nil ? nil : SubscriptionPeriod(value: 1, unit: .month),
                    subscriptionGroup: level == nil ? nil : "g", subscriptionGroupLevel: level, localizedTitle: title))
        }
        let offering = Offering(
            id: "o",
            packages: [
                package("a", "Pro Monthly", level: 1), package("b", "Pro Annual", level: 1),
                package("c", "Plus Monthly", level: 2), package("d", "Lifetime", level: nil),
            ], copy: PaywallCopy(title: "t"))
        #expect(offering.designTiers.map(\.name) == ["Pro", "Plus Monthly", "Lifetime"])
        #expect(offering.designTiers.map(\.packageIDs) == [["a", "b"], ["c"], ["d"]])
    }
}

import Foundation
import Testing

@testable import OnboardKit

/// Real catalogs read as the customer expects: names in their language, periods only where
/// the catalog states them, passes priced once, trials called trials.
@Suite struct RealCatalogWordingTests {
    static func catalog(_ name: String, language: String?) throws -> Catalog {
        let result = CatalogDecoder.load(
            path: CatalogFixtures.storeKitPath(name), fileReader: CatalogFixtures.diskReader,
            language: LanguagePreference(tags: LanguagePreference.expanded(language.map { [$0] } ?? [])))
        return try #require(result.catalog)
    }

    /// (file, the user's language, product, the name shown)
    static let names: [(String, String?, String, String)] = [
        // The user's language first.
        (StoreKitImporterTests.cisum, "en_US", "com.yueyi.cisum.pro.yearly", "Pro"),
        (StoreKitImporterTests.cisum, "zh_Hans_CN", "com.yueyi.cisum.pro.yearly", "专业版按年订阅"),
        (StoreKitImporterTests.cisum, "zh_TW", "com.yueyi.cisum.pro.yearly", "专业版按年订阅"),
        (StoreKitImporterTests.cisum, "en_GB", "nonconsumable.car", "Car"),
        // No name in the user's language: English, as the app's words fall back to it, never
        // the storefront's (China's Chinese) on an English screen.
        (StoreKitImporterTests.cisum, "fr_FR", "com.yueyi.cisum.pro.yearly", "Pro"),
        (StoreKitImporterTests.cisum, nil, "com.yueyi.cisum.pro.monthly", "Pro Annual"),
        (StoreKitImporterTests.cisum, "de_DE", "nonconsumable.racecar", "Race Car"),
        (StoreKitImporterTests.revenueCat, "ja_JP", "lifetime", "Lifetime subscription"),
        // No name in either: the product id, not a name in another language.
        (StoreKitImporterTests.cisum, "en_US", "com.yueyi.kuaiyizhi.pro.year.1", "com.yueyi.kuaiyizhi.pro.year.1"),
        (StoreKitImporterTests.cisum, nil, "com.yueyi.kuaiyizhi.pro.year.1", "com.yueyi.kuaiyizhi.pro.year.1"),
        (
            StoreKitImporterTests.revenueCat, "en_US", "com.revenuecat.annual_with_commitment",
            "com.revenuecat.annual_with_commitment"
        ),
        (StoreKitImporterTests.chemsims, "es_MX", "tip_2", "tip_2"),
    ]

    @Test(arguments: names)
    func storeKitNamesFollowTheReaderThenEnglish(
        file: String, language: String?, productID: String, expected: String
    ) throws {
        let catalog = try Self.catalog(file, language: language)
        #expect(catalog.products[productID]?.localizedTitle == expected)
    }

    @Test func aNameOnlyInALanguageNobodyAskedForFallsBackToTheProductID() throws {
        let file = """
            { "settings": { "_storefront": "USA", "_locale": "de_DE" },
              "products": [ { "productID": "com.example.auto", "type": "NonConsumable", "displayPrice": "4.99",
                "referenceName": "internal name",
                "localizations": [ { "locale": "de_DE", "displayName": "Auto", "description": "Ein Auto" } ] } ] }
            """
        let reader = CatalogFixtures.memoryReader(["Cars.storekit": file])
        let french = CatalogDecoder.load(
            path: "Cars.storekit", fileReader: reader, language: LanguagePreference(tags: ["fr"]))
        #expect(french.catalog?.products["com.example.auto"]?.localizedTitle == "com.example.auto")
        let german = CatalogDecoder.load(
            path: "Cars.storekit", fileReader: reader, language: LanguagePreference(tags: ["de_AT", "de"]))
        #expect(german.catalog?.products["com.example.auto"]?.localizedTitle == "Auto")
        #expect(german.catalog?.products["com.example.auto"]?.localizedDescription == "Ein Auto")
    }

    @Test func rowsShowTheProductsOwnNamesAndDescriptionsAndNoGuessedPeriods() throws {
        let catalog = try Self.catalog(StoreKitImporterTests.cisum, language: "en_US")
        let offering = try #require(catalog.currentOffering)
        let presentation = PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: "en_US")),
            selectedIndex: 0, ownedProductIDs: [], introEligibleProductIDs: [], statusLines: [], progress: nil)
        let car = try #require(presentation.rows.first { $0.name == "Car" })
        #expect(car.detail == "A standard five-seater")
        #expect(car.price == "CN¥1.99")
        #expect(!presentation.rows.contains { $0.detail.contains("Lifetime") || $0.name == "Lifetime" })
        // A subscription's period is stated by the file, so its label may show.
        let yearly = try #require(presentation.rows.first { $0.name == "Pro" })
        #expect(yearly.detail == "Annual")
    }

    @Test func aNonRenewingPassIsAOneTimePriceForAPeriod() throws {
        let formatter = PriceFormatter(locale: Locale(identifier: "en_US"))
        let pass = Product(
            id: "pass", type: .nonRenewing, price: 1.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .week), localizedTitle: "Week Pass")
        #expect(formatter.pricePerPeriod(of: pass) == "$1.99 for 1 week")
        #expect(formatter.pricePerPeriodFull(of: pass) == "$1.99 for 1 week")
        #expect(formatter.totalPriceAndPerMonth(of: pass) == "$1.99 for 1 week")
        let offering = Offering(
            id: "o", packages: [Package(identifier: "pass", product: pass)], copy: PaywallCopy.standard)
        let catalog = Catalog(
            offerings: [offering], currentOfferingID: "o", products: ["pass": pass],
            entitlements: [Entitlement(id: "e", displayName: "E", productIDs: ["pass"])])
        let presentation = PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: formatter, selectedIndex: 0, ownedProductIDs: [],
            introEligibleProductIDs: [], statusLines: [], progress: nil)
        #expect(presentation.rows[0].price == "$1.99 for 1 week")
        #expect(presentation.rows[0].perMonth == nil)
        #expect(presentation.callToAction == "Continue with Week Pass for $1.99 for 1 week")
        #expect(!presentation.callToAction.contains("/wk"))
    }

    @Test func aFreeTrialSaysSoAndWhatItRenewsAt() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = PaywallFlowTests.press([.enter, .escape], &app)
        let screen = TestDecks.screen(app).text
        #expect(screen.contains("tui-onboard Pro: Free trial until Jan 8, 2026, then $39.99/yr"))
        #expect(!screen.contains("Active until"))
    }

    @Test func aDeckGivenAsTheCatalogSaysSoOnce() throws {
        let deckPath = CatalogFixtures.repositoryRoot.appendingPathComponent("Assets/default-deck.json").path
        let result = CatalogDecoder.load(path: deckPath, fileReader: CatalogFixtures.diskReader)
        #expect(result.catalog == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.hasPrefix("this is a deck, not a catalog") == true)
    }
}

extension RealCatalogWordingTests {
    /// RevenueCat's test catalog sells two products named "Annual Subscription", one with a
    /// two-week trial: the rows say which is which, and the other names stay as they are.
    @Test func productsOfTheSameNameAreToldApartByTheirOffers() throws {
        let catalog = try Self.catalog(StoreKitImporterTests.revenueCat, language: "en_US")
        let offering = try #require(catalog.currentOffering)
        let presentation = PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: "en_US")),
            selectedIndex: 0, ownedProductIDs: [], introEligibleProductIDs: [], statusLines: [], progress: nil)
        let names = presentation.rows.map(\.name)
        #expect(names.contains("Annual Subscription (2-week free trial)"), "\(names)")
        #expect(names.contains("Annual Subscription"))
        #expect(names.contains("Monthly Free Trial"))
        #expect(Set(names).count == names.count, "\(names)")
    }

    /// Without offers that tell them apart, what their identifiers do not share does.
    @Test func productsOfTheSameNameWithoutDifferentOffersAreToldApartByTheirIdentifiers() {
        func product(_ id: String) -> Product {
            Product(
                id: id, type: .nonConsumable, price: 1.99, currencyCode: "USD", subscriptionPeriod: nil,
                localizedTitle: "Pro")
        }
        let products = [product("com.example.pro.2024"), product("com.example.pro.2025"), product("com.example.max")]
        let offering = Offering(
            id: "o", packages: products.map { Package(identifier: $0.id, product: $0) }, copy: PaywallCopy.standard)
        let catalog = Catalog(
            offerings: [offering], currentOfferingID: "o",
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
            entitlements: [Entitlement(id: "e", displayName: "E", productIDs: products.map(\.id))])
        let presentation = PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: "en_US")),
            selectedIndex: 0, ownedProductIDs: [], introEligibleProductIDs: [], statusLines: [], progress: nil)
        #expect(presentation.rows.map(\.name) == ["Pro (pro.2024)", "Pro (pro.2025)", "Pro (max)"])
    }
}

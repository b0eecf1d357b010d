import Foundation
import Testing

@testable import OnboardKit

@Suite struct CatalogDecoderTests {
    static let valid = """
        {
          "formatVersion": 1,
          "currency": "USD",
          "currentOffering": "main",
          "links": { "privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms" },
          "products": [
            { "id": "pro_annual", "type": "autoRenewable", "price": "39.99", "period": "P1Y", "title": "Pro Annual",
              "subscriptionGroup": "pro", "groupLevel": 1,
              "introductoryOffer": { "mode": "freeTrial", "period": "P1W" } },
            { "id": "pro_monthly", "type": "autoRenewable", "price": "4.99", "period": "P1M", "title": "Pro Monthly",
              "description": "Billed monthly" },
            { "id": "no_ads", "type": "nonConsumable", "price": 9.99, "title": "No Ads" }
          ],
          "entitlements": [
            { "id": "pro", "displayName": "Pro", "products": ["pro_annual", "pro_monthly"] },
            { "id": "ad_free", "displayName": "Ad-free access", "products": ["no_ads", "pro_annual"] }
          ],
          "offerings": [
            { "id": "main", "defaultPackage": "$rc_monthly",
              "packages": [ { "id": "$rc_annual", "product": "pro_annual" }, { "id": "$rc_monthly", "product": "pro_monthly" } ],
              "copy": { "title": "Go Pro", "subtitle": "{{ total_price_and_per_month }}", "features": ["No ads", "Themes"],
                        "callToAction": "Subscribe for {{ price_per_period }}",
                        "callToActionWithIntroOffer": "Try {{ sub_offer_duration }} free" } },
            { "id": "ads", "packages": [ { "id": "no_ads", "product": "no_ads" } ] }
          ]
        }
        """

    static func decode(_ text: String, path: String = "catalog.json", files: [String: String] = [:])
        -> CatalogLoadResult
    {
        CatalogDecoder.decode(Array(text.utf8), path: path, fileReader: CatalogFixtures.memoryReader(files))
    }

    /// The valid catalog with one piece of text replaced, and the result of decoding it.
    static func decodeChanged(_ original: String, to replacement: String) -> (text: String, result: CatalogLoadResult) {
        precondition(valid.contains(original), "\(original) is not in the valid catalog")
        let text = valid.replacingOccurrences(of: original, with: replacement)
        return (text, decode(text))
    }

    @Test func decodesAValidCatalog() throws {
        let result = Self.decode(Self.valid)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.currentOfferingID == "main")
        #expect(catalog.offerings.map(\.id) == ["main", "ads"])
        let main = try #require(catalog.currentOffering)
        #expect(main.packages.map(\.identifier) == ["$rc_annual", "$rc_monthly"])
        #expect(main.packages.map(\.packageType) == [.annual, .monthly])
        #expect(main.defaultPackage?.identifier == "$rc_monthly")
        #expect(main.copy.features == ["No ads", "Themes"])
        #expect(main.copy.callToActionWithIntroOffer == "Try {{ sub_offer_duration }} free")
        let annual = try #require(catalog.products["pro_annual"])
        #expect(annual.price == Decimal(string: "39.99"))
        #expect(annual.currencyCode == "USD")
        #expect(annual.subscriptionGroup == "pro")
        #expect(annual.introductoryOffer?.paymentMode == .freeTrial)
        #expect(annual.introductoryOffer?.period == SubscriptionPeriod(value: 1, unit: .week))
        // No group named: the default group, level 1.
        #expect(catalog.products["pro_monthly"]?.subscriptionGroup == "default")
        #expect(catalog.products["pro_monthly"]?.localizedDescription == "Billed monthly")
        // A JSON number price is taken by its exact text.
        #expect(catalog.products["no_ads"]?.price == Decimal(string: "9.99"))
        #expect(catalog.entitlements(grantedBy: "pro_annual").map(\.id) == ["pro", "ad_free"])
        #expect(catalog.entitlement(id: "ad_free")?.displayName == "Ad-free access")
        #expect(catalog.links.privacyPolicy == URL(string: "https://example.com/privacy"))
        // An offering without copy gets the standard copy.
        #expect(catalog.offering(id: "ads")?.copy == PaywallCopy.standard)
    }

    /// Editors find the catalog's JSON Schema through `"$schema"`; the decoder takes it silently.
    @Test func aSchemaReferenceIsAcceptedWithoutAWarning() throws {
        let (_, result) = Self.decodeChanged(
            #""formatVersion": 1,"#, to: #""$schema": "schemas/catalog.schema.json", "formatVersion": 1,"#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog != nil)
    }

    @Test func duplicateProductIDsPointAtBothPlaces() throws {
        let (text, result) = Self.decodeChanged("\"id\": \"no_ads\"", to: "\"id\": \"pro_monthly\"")
        #expect(result.catalog == nil)
        let error = try #require(result.errors.first { $0.message.contains("duplicate product id") })
        #expect(error.path == "products[2].id")
        #expect(error.location == CatalogFixtures.position(of: "\"pro_monthly\"", in: text, occurrence: 2))
        let first = try #require(CatalogFixtures.position(of: "\"pro_monthly\"", in: text))
        #expect(error.message.contains("first defined at \(first)"))
    }

    @Test func packagesNamingUnknownProductsSuggestTheClosest() throws {
        let (text, result) = Self.decodeChanged(
            "{ \"id\": \"$rc_annual\", \"product\": \"pro_annual\" }",
            to: "{ \"id\": \"$rc_annual\", \"product\": \"pro_anual\" }")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "offerings[0].packages[0].product")
        #expect(error.location == CatalogFixtures.position(of: "\"pro_anual\"", in: text))
        #expect(error.message.contains("unknown product \"pro_anual\""))
        #expect(error.message.contains("did you mean \"pro_annual\""))
        #expect(
            error.description.hasPrefix("catalog.json:\(error.location!): error: offerings[0].packages[0].product:"))
    }

    @Test func entitlementsNamingUnknownProductsAreErrors() throws {
        let (text, result) = Self.decodeChanged("[\"no_ads\", \"pro_annual\"]", to: "[\"no_ads\", \"pro_lifetime\"]")
        let error = try #require(result.errors.first)
        #expect(error.path == "entitlements[1].products[1]")
        #expect(error.location == CatalogFixtures.position(of: "\"pro_lifetime\"", in: text))
    }

    @Test(arguments: [
        "\"39,99\"", "\"$39.99\"", "\"39.99 USD\"", "\"1e3\"", "\" 39.99\"", "\"39.\"", "\".99\"", "\"039.99\"", "\"\"",
        "\"39.999\"", "\"-1\"", "-39.99", "3.999e1", "true", "null", "\"0x10\"", "\"١٢\"",
    ])
    func badPricesAreRefused(price: String) throws {
        let (text, result) = Self.decodeChanged("\"price\": \"39.99\"", to: "\"price\": \(price)")
        #expect(result.catalog == nil)
        let error = try #require(result.errors.first)
        #expect(error.path == "products[0].price")
        #expect(
            error.location
                == CatalogFixtures.position(of: "\"price\": \(price)", in: text).map {
                    OnboardKit.SourceLocation(line: $0.line, column: $0.column + 9)
                })
    }

    @Test func tooManyDecimalsNamesTheCurrency() throws {
        let (_, result) = Self.decodeChanged("\"price\": \"39.99\"", to: "\"price\": \"39.999\"")
        let error = try #require(result.errors.first)
        #expect(error.message.contains("3 decimals but USD prices have at most 2"))
        let (_, yen) = Self.decodeChanged("\"currency\": \"USD\"", to: "\"currency\": \"JPY\"")
        #expect(
            yen.errors.contains { $0.path == "products[0].price" && $0.message.contains("JPY prices have at most 0") })
    }

    @Test(arguments: ["\"usd\"", "\"US\"", "\"US$\"", "\"EURO\"", "840", "\"\""])
    func malformedCurrencyCodesAreErrors(code: String) throws {
        let (_, result) = Self.decodeChanged("\"currency\": \"USD\"", to: "\"currency\": \(code)")
        let error = try #require(result.errors.first)
        #expect(error.path == "currency")
        if code == "\"usd\"" { #expect(error.message.contains("did you mean \"USD\"")) }
    }

    @Test func wellFormedButUnknownCurrencyIsAWarning() throws {
        let (_, result) = Self.decodeChanged("\"currency\": \"USD\"", to: "\"currency\": \"XQQ\"")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.contains { $0.path == "currency" && $0.message.contains("XQQ") })
        #expect(result.catalog?.products["pro_annual"]?.currencyCode == "XQQ")
    }

    @Test func productsMayOverrideTheCatalogCurrency() throws {
        let (_, result) = Self.decodeChanged("\"price\": 9.99,", to: "\"price\": \"9.99\", \"currency\": \"EUR\",")
        #expect(result.errors.isEmpty)
        #expect(result.catalog?.products["no_ads"]?.currencyCode == "EUR")
        #expect(result.catalog?.products["pro_annual"]?.currencyCode == "USD")
    }

    @Test func productsWithoutAnyCurrencyAreErrors() throws {
        let (_, result) = Self.decodeChanged("\"currency\": \"USD\",", to: "")
        #expect(result.errors.count == 3)
        #expect(result.errors.allSatisfy { $0.message.contains("no currency") })
    }

    @Test(arguments: ["\"P1Y6M\"", "\"1Y\"", "\"P0Y\"", "\"PT1H\"", "\"yearly\"", "12"])
    func badPeriodsAreErrors(period: String) throws {
        let (text, result) = Self.decodeChanged("\"period\": \"P1Y\"", to: "\"period\": \(period)")
        let error = try #require(result.errors.first)
        #expect(error.path == "products[0].period")
        #expect(error.location?.line == CatalogFixtures.position(of: "\"period\": \(period)", in: text)?.line)
    }

    @Test func badOfferPeriodsAreErrorsToo() throws {
        let (_, result) = Self.decodeChanged("\"period\": \"P1W\"", to: "\"period\": \"P1W2D\"")
        #expect(result.errors.first?.path == "products[0].introductoryOffer.period")
    }

    @Test func subscriptionsNeedAPeriodAndUnlocksMustNotHaveOne() throws {
        let (_, missing) = Self.decodeChanged("\"price\": \"4.99\", \"period\": \"P1M\",", to: "\"price\": \"4.99\",")
        #expect(missing.errors.first?.path == "products[1].period")
        #expect(missing.errors.first?.message.contains("needs a \"period\"") == true)
        let (_, extra) = Self.decodeChanged("\"price\": 9.99,", to: "\"price\": 9.99, \"period\": \"P1M\",")
        #expect(extra.errors.first?.path == "products[2].period")
        #expect(extra.errors.first?.message.contains("only subscriptions have a period") == true)
    }

    @Test func typeRulesAreCheckedEvenWhenOtherMembersFail() {
        let (_, result) = Self.decodeChanged(
            "\"price\": \"4.99\", \"period\": \"P1M\",", to: "\"price\": \"4,99\",")
        #expect(Set(result.errors.map(\.path)) == ["products[1].price", "products[1].period"])
        let (_, unlock) = Self.decodeChanged(
            "\"price\": 9.99,", to: "\"price\": 9.99, \"subscriptionGroup\": \"pro\", \"period\": \"P1M\",")
        #expect(Set(unlock.errors.map(\.path)) == ["products[2].period", "products[2].subscriptionGroup"])
    }

    @Test func offerRulesFollowTheMode() throws {
        let (_, pricedTrial) = Self.decodeChanged(
            "{ \"mode\": \"freeTrial\", \"period\": \"P1W\" }",
            to: "{ \"mode\": \"freeTrial\", \"period\": \"P1W\", \"price\": \"0.99\" }")
        #expect(pricedTrial.errors.first?.path == "products[0].introductoryOffer.price")
        let (_, unpriced) = Self.decodeChanged(
            "{ \"mode\": \"freeTrial\", \"period\": \"P1W\" }",
            to: "{ \"mode\": \"payAsYouGo\", \"period\": \"P1M\", \"periodCount\": 3 }")
        #expect(unpriced.errors.first?.message.contains("\"price\"") == true)
        let (_, typo) = Self.decodeChanged("\"mode\": \"freeTrial\"", to: "\"mode\": \"freetrial\"")
        #expect(typo.errors.first?.message.contains("did you mean \"freeTrial\"") == true)
        let (_, good) = Self.decodeChanged(
            "{ \"mode\": \"freeTrial\", \"period\": \"P1W\" }",
            to: "{ \"mode\": \"payAsYouGo\", \"period\": \"P1M\", \"periodCount\": 3, \"price\": \"0.99\" }")
        #expect(good.errors.isEmpty)
        let offer = try #require(good.catalog?.products["pro_annual"]?.introductoryOffer)
        #expect(
            offer
                == IntroductoryOffer(
                    paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periodCount: 3,
                    price: Decimal(string: "0.99")!))
    }

    @Test func currentOfferingMustExist() throws {
        let (_, missing) = Self.decodeChanged("\"currentOffering\": \"main\",", to: "")
        let error = try #require(missing.errors.first)
        #expect(error.path == "currentOffering")
        #expect(error.message.contains("\"currentOffering\": \"main\""))
        #expect(missing.catalog == nil)
        let (text, unknown) = Self.decodeChanged("\"currentOffering\": \"main\"", to: "\"currentOffering\": \"mian\"")
        let unknownError = try #require(unknown.errors.first)
        #expect(unknownError.location == CatalogFixtures.position(of: "\"mian\"", in: text))
        #expect(unknownError.message.contains("did you mean \"main\""))
    }

    @Test func defaultPackageMustBeInTheOffering() throws {
        let (_, result) = Self.decodeChanged(
            "\"defaultPackage\": \"$rc_monthly\"", to: "\"defaultPackage\": \"$rc_weekly\"")
        #expect(result.errors.first?.path == "offerings[0].defaultPackage")
    }

    @Test func duplicatePackageAndOfferingIDsAreErrors() throws {
        let (_, packages) = Self.decodeChanged(
            "{ \"id\": \"$rc_monthly\", \"product\": \"pro_monthly\" }",
            to: "{ \"id\": \"$rc_annual\", \"product\": \"pro_monthly\" }")
        #expect(
            packages.errors.contains {
                $0.path == "offerings[0].packages[1].id" && $0.message.contains("duplicate package")
            })
        let (_, offerings) = Self.decodeChanged("{ \"id\": \"ads\",", to: "{ \"id\": \"main\",")
        #expect(offerings.errors.contains { $0.path == "offerings[1].id" && $0.message.contains("duplicate offering") })
    }

    @Test func unknownKeysAreWarningsWithSuggestions() throws {
        let (text, result) = Self.decodeChanged(
            "\"title\": \"Pro Monthly\"", to: "\"titel\": \"Pro Monthly\", \"colour\": \"red\"")
        // The title is then missing, which is an error of its own.
        #expect(result.errors.contains { $0.path == "products[1].title" })
        let typo = try #require(result.warnings.first { $0.path == "products[1].titel" })
        #expect(typo.message.contains("did you mean \"title\""))
        #expect(typo.location == CatalogFixtures.position(of: "\"titel\"", in: text))
        #expect(result.warnings.contains { $0.path == "products[1].colour" })
        let (_, topLevel) = Self.decodeChanged(
            "\"formatVersion\": 1,", to: "\"formatVersion\": 1, \"$comment\": \"hi\",")
        #expect(topLevel.errors.isEmpty)
        #expect(topLevel.warnings.count == 1)
        #expect(topLevel.catalog != nil)
    }

    @Test func unknownCopyVariablesAreReportedWithTheirPlace() throws {
        let (text, result) = Self.decodeChanged(
            "\"features\": [\"No ads\", \"Themes\"]", to: "\"features\": [\"No ads\", \"Only {{ prce }}\"]")
        #expect(result.errors.isEmpty)
        #expect(result.catalog != nil)
        let warning = try #require(result.warnings.first)
        #expect(warning.path == "offerings[0].copy.features[1]")
        #expect(warning.location == CatalogFixtures.position(of: "\"Only {{ prce }}\"", in: text))
        #expect(warning.message.contains("{{ prce }}"))
        #expect(warning.message.contains("did you mean {{ price }}"))
    }

    @Test func packageTypeMismatchesAreWarnings() throws {
        let (_, result) = Self.decodeChanged(
            "{ \"id\": \"$rc_annual\", \"product\": \"pro_annual\" }",
            to: "{ \"id\": \"$rc_weekly\", \"product\": \"pro_annual\" }")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.contains { $0.path == "offerings[0].packages[0].id" && $0.message.contains("P1W") })
        let (_, reserved) = Self.decodeChanged(
            "{ \"id\": \"no_ads\", \"product\"", to: "{ \"id\": \"$rc_lifetme\", \"product\"")
        #expect(reserved.warnings.contains { $0.message.contains("did you mean \"$rc_lifetime\"") })
        let (_, yearly) = Self.decodeChanged(
            "{ \"id\": \"no_ads\", \"product\"", to: "{ \"id\": \"$rc_yearly\", \"product\"")
        #expect(yearly.warnings.contains { $0.message.contains("did you mean \"$rc_annual\"") })
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        var text = Self.valid
        for (original, replacement) in [
            ("\"39.99\"", "\"39,99\""), ("\"P1M\"", "\"monthly\""),
            ("\"Ad-free access\", \"products\": [\"no_ads\"", "\"\", \"products\": [\"no_ad\""),
            ("\"https://example.com/terms\"", "\"example.com/terms\""),
        ] {
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        let result = Self.decode(text)
        #expect(
            Set(result.errors.map(\.path)) == [
                "products[0].price", "products[1].period", "entitlements[1].displayName", "entitlements[1].products[0]",
                "links.termsOfUse",
            ])
    }

    @Test func syntaxErrorsCarryTheirPosition() throws {
        let text = "{\n  \"currency\": \"USD\",\n  \"products\": [,]\n}"
        let result = Self.decode(text)
        let error = try #require(result.errors.first)
        // Line 3 is `  "products": [,]`: the comma is the 16th character.
        #expect(error.location == OnboardKit.SourceLocation(line: 3, column: 16))
        #expect(error.message.hasPrefix("invalid JSON"))
    }

    @Test func newerFormatVersionsAreRefused() {
        let (_, result) = Self.decodeChanged("\"formatVersion\": 1", to: "\"formatVersion\": 2")
        #expect(result.errors.first?.message.contains("update tui-onboard") == true)
    }

    @Test func missingLegalLinksDrawAWarningForSubscriptions() {
        let (_, result) = Self.decodeChanged(
            "\"links\": { \"privacyPolicy\": \"https://example.com/privacy\", \"termsOfUse\": \"https://example.com/terms\" },",
            to: "\"links\": { \"privacyPolicy\": \"https://example.com/privacy\" },")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.contains { $0.path == "links" && $0.message.contains("termsOfUse") })
    }

    @Test func productsGrantingNothingDrawAWarning() {
        let (_, result) = Self.decodeChanged(
            "\"products\": [\"no_ads\", \"pro_annual\"]", to: "\"products\": [\"pro_annual\"]")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.contains { $0.path == "products[2].id" && $0.message.contains("no_ads") })
    }

    // MARK: StoreKit sources

    static let withStoreKit = """
        {
          "storekit": ["Products.storekit"],
          "currentOffering": "main",
          "links": { "privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms" },
          "entitlements": [ { "id": "pro", "displayName": "Pro", "products": ["lifetime", "com.revenuecat.monthly_4.99.1_week_intro"] } ],
          "offerings": [ { "id": "main", "packages": [
            { "id": "$rc_monthly", "product": "com.revenuecat.monthly_4.99.1_week_intro" },
            { "id": "$rc_lifetime", "product": "lifetime" } ] } ]
        }
        """

    @Test func productsMergeInFromStoreKitFilesBesideTheCatalog() throws {
        let storeKit = try CatalogFixtures.storeKitText(StoreKitImporterTests.revenueCat)
        let result = CatalogDecoder.load(
            path: "config/catalog.json",
            fileReader: CatalogFixtures.memoryReader([
                "config/catalog.json": Self.withStoreKit, "config/Products.storekit": storeKit,
            ]))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let catalog = try #require(result.catalog)
        #expect(catalog.products.count == 7)
        let monthly = try #require(catalog.currentOffering?.package(ofType: .monthly)?.product)
        #expect(monthly.price == Decimal(string: "4.99"))
        #expect(monthly.localizedTitle == "Monthly Free Trial")
        // Products that only come from the StoreKit file are not held to the entitlement rule.
        #expect(result.warnings.isEmpty)
    }

    @Test func missingStoreKitFilesPointAtTheirEntry() throws {
        let result = Self.decode(Self.withStoreKit, path: "config/catalog.json")
        let error = try #require(result.errors.first)
        #expect(error.file == "config/catalog.json")
        #expect(error.path == "storekit[0]")
        #expect(error.location == CatalogFixtures.position(of: "\"Products.storekit\"", in: Self.withStoreKit))
        #expect(error.message.contains("config/Products.storekit"))
        // References to the file's products are not reported again as unknown products.
        #expect(result.errors.count == 1)
    }

    @Test func storeKitProblemsNameTheStoreKitFile() throws {
        let broken =
            "{ \"products\": [ { \"productID\": \"lifetime\", \"type\": \"NonConsumable\", \"displayPrice\": \"x\" } ] }"
        let result = Self.decode(Self.withStoreKit, path: "catalog.json", files: ["Products.storekit": broken])
        #expect(result.errors.contains { $0.file == "Products.storekit" && $0.path == "products[0].displayPrice" })
    }

    @Test func productsDefinedTwiceAcrossFilesAreErrors() throws {
        let storeKit = try CatalogFixtures.storeKitText(StoreKitImporterTests.revenueCat)
        let text = Self.withStoreKit.replacingOccurrences(
            of: "\"currentOffering\"",
            with:
                "\"currency\": \"USD\", \"products\": [ { \"id\": \"lifetime\", \"type\": \"nonConsumable\", \"price\": \"5\", \"title\": \"L\" } ], \"currentOffering\""
        )
        let result = Self.decode(text, files: ["Products.storekit": storeKit])
        let error = try #require(result.errors.first)
        #expect(error.path == "products[0].id")
        #expect(error.message.contains("first defined in Products.storekit"))
    }

    // MARK: Reading files

    @Test func filesOverTenMebibytesAreRefused() throws {
        let reader: CatalogFileReader = { _ in [UInt8](repeating: 0x20, count: CatalogFile.maximumByteCount + 1) }
        let result = CatalogDecoder.load(path: "huge.json", fileReader: reader)
        let error = try #require(result.errors.first)
        #expect(error.message.contains("10 MiB"))
        #expect(error.file == "huge.json")
        let storeKit = StoreKitImporter.load(path: "huge.storekit", fileReader: reader)
        #expect(storeKit.errors.first?.message.contains("10 MiB") == true)
    }

    @Test func readFailuresAreReported() throws {
        let result = CatalogDecoder.load(path: "absent.json", fileReader: CatalogFixtures.memoryReader([:]))
        #expect(result.catalog == nil)
        #expect(result.errors.first?.message.contains("cannot read the file") == true)
    }

    @Test func aFileReadErrorIsShownByItsReasonAlone() throws {
        let reader: CatalogFileReader = { path in throw FileReadError.notRegularFile(path: path, kind: "a FIFO") }
        let result = CatalogDecoder.load(path: "catalog.json", fileReader: reader)
        let error = try #require(result.errors.first)
        #expect(error.message == "cannot read the file: is a FIFO, not a regular file")
        #expect(error.file == "catalog.json")
    }
}

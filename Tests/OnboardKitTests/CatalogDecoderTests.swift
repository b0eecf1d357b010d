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

    // MARK: Offers, offer codes and store settings

    /// The valid catalog with promotional and win-back offers on the annual product, an offer
    /// code for the monthly one and a billing grace period.
    static let withOffers =
        valid
        .replacingOccurrences(
            of: "\"introductoryOffer\": { \"mode\": \"freeTrial\", \"period\": \"P1W\" } },",
            with: """
                "introductoryOffer": { "mode": "freeTrial", "period": "P1W" },
                      "offers": [
                        { "kind": "promotional", "id": "annual_half", "mode": "payUpFront", "period": "P1Y",
                          "price": "19.99", "referenceName": "Half off a year" },
                        { "kind": "winBack", "id": "come_back", "mode": "freeTrial", "period": "P1M",
                          "eligibility": ["expired"],
                          "winBack": { "minimumPaidMonths": 2, "minimumMonthsSinceLapse": 1, "maximumMonthsSinceLapse": 24 } } ] },
                """
        )
        .replacingOccurrences(
            of: "\"currentOffering\": \"main\",",
            with: """
                "currentOffering": "main",
                  "store": { "gracePeriod": "P16D" },
                  "offerCodes": [
                    { "code": "WELCOME3", "product": "pro_monthly", "mode": "payAsYouGo", "period": "P1M", "periodCount": 3,
                      "price": "0.99", "eligibility": ["new"], "referenceName": "Welcome back" } ],
                """)

    /// The catalog with offers, with one piece of text replaced, and the result of decoding it.
    static func decodeOffersChanged(_ original: String, to replacement: String)
        -> (text: String, result: CatalogLoadResult)
    {
        precondition(withOffers.contains(original), "\(original) is not in the catalog with offers")
        let text = withOffers.replacingOccurrences(of: original, with: replacement)
        return (text, decode(text))
    }

    @Test func decodesOffersOfferCodesAndStoreSettings() throws {
        let result = Self.decode(Self.withOffers)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let catalog = try #require(result.catalog)
        #expect(catalog.store.gracePeriod == SubscriptionPeriod(value: 16, unit: .day))
        let annual = try #require(catalog.products["pro_annual"])
        #expect(annual.offers.map(\.id) == ["annual_half", "come_back"])
        let half = try #require(catalog.offer(id: "annual_half", of: "pro_annual"))
        #expect(half.kind == .promotional)
        #expect(half.productID == "pro_annual")
        #expect(
            half.terms
                == IntroductoryOffer(
                    paymentMode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .year),
                    price: Decimal(string: "19.99")!))
        // No eligibility given: a promotional offer's default.
        #expect(half.eligibility == SubscriptionOffer.defaultEligibility(of: .promotional))
        #expect(half.referenceName == "Half off a year")
        #expect(half.winBack == nil)
        let comeBack = try #require(catalog.offer(id: "come_back", of: "pro_annual"))
        #expect(comeBack.kind == .winBack)
        #expect(comeBack.terms.paymentMode == .freeTrial)
        #expect(comeBack.eligibility == [.expired])
        #expect(
            comeBack.winBack
                == WinBackCondition(minimumPaidMonths: 2, minimumMonthsSinceLapse: 1, maximumMonthsSinceLapse: 24))
        #expect(catalog.products["pro_monthly"]?.offers == [])
        #expect(catalog.offerCodes.count == 1)
        // Codes are typed without regard to case.
        let code = try #require(catalog.offerCode("welcome3"))
        #expect(code.kind == .code)
        #expect(code.id == "WELCOME3")
        #expect(code.productID == "pro_monthly")
        #expect(code.eligibility == [.new])
        #expect(code.referenceName == "Welcome back")
        #expect(
            code.terms
                == IntroductoryOffer(
                    paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periodCount: 3,
                    price: Decimal(string: "0.99")!))
    }

    @Test func aCatalogWithoutOffersHasNoneAndNoGracePeriod() throws {
        let catalog = try #require(Self.decode(Self.valid).catalog)
        #expect(catalog.offerCodes.isEmpty)
        #expect(catalog.store == StoreSettings())
        #expect(catalog.products.values.allSatisfy { $0.offers.isEmpty })
    }

    @Test func offersBelongToAutoRenewableSubscriptionsOnly() throws {
        let (text, result) = Self.decodeOffersChanged(
            "\"price\": 9.99,",
            to:
                "\"price\": 9.99, \"offers\": [ { \"kind\": \"promotional\", \"id\": \"x\", \"mode\": \"freeTrial\", \"period\": \"P1W\" } ],"
        )
        #expect(result.catalog == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "products[2].offers")
        #expect(error.location == CatalogFixtures.position(of: "[ { \"kind\"", in: text))
        #expect(error.message.contains("auto-renewable"))
    }

    @Test func offerIDsAreUniqueInTheirProduct() throws {
        let (text, result) = Self.decodeOffersChanged("\"id\": \"come_back\"", to: "\"id\": \"annual_half\"")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "products[0].offers[1].id")
        #expect(error.location == CatalogFixtures.position(of: "\"annual_half\"", in: text, occurrence: 2))
        let first = try #require(CatalogFixtures.position(of: "\"annual_half\"", in: text))
        #expect(error.message.contains("duplicate offer id \"annual_half\" in this product (first at \(first))"))
    }

    @Test func offerCodesAreNotListedUnderAProduct() throws {
        let (text, result) = Self.decodeOffersChanged("\"kind\": \"promotional\"", to: "\"kind\": \"code\"")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "products[0].offers[0].kind")
        #expect(error.location == CatalogFixtures.position(of: "\"code\", \"id\"", in: text))
        #expect(error.message.contains("\"offerCodes\""))
        let (_, typo) = Self.decodeOffersChanged("\"kind\": \"winBack\"", to: "\"kind\": \"winback\"")
        #expect(typo.errors.first?.message.contains("did you mean \"winBack\"") == true)
        let (_, missing) = Self.decodeOffersChanged("\"kind\": \"winBack\", ", to: "")
        #expect(missing.errors.map(\.path) == ["products[0].offers[1].kind"])
    }

    @Test func offerTermsFollowTheIntroductoryOffersRules() throws {
        let (_, unpriced) = Self.decodeOffersChanged("\"price\": \"19.99\", ", to: "")
        #expect(unpriced.errors.map(\.path) == ["products[0].offers[0].price"])
        let (_, pricedTrial) = Self.decodeOffersChanged(
            "\"mode\": \"freeTrial\", \"period\": \"P1M\"",
            to: "\"mode\": \"freeTrial\", \"period\": \"P1M\", \"price\": \"1\"")
        #expect(pricedTrial.errors.map(\.path) == ["products[0].offers[1].price"])
        let (_, period) = Self.decodeOffersChanged("\"period\": \"P1Y\",\n", to: "\"period\": \"P1Y2M\",\n")
        #expect(period.errors.map(\.path) == ["products[0].offers[0].period"])
        let (_, unknown) = Self.decodeOffersChanged("\"referenceName\": \"Half", to: "\"referenceNmae\": \"Half")
        #expect(unknown.errors.isEmpty)
        #expect(unknown.warnings.first?.message.contains("did you mean \"referenceName\"") == true)
    }

    @Test func winBackConditionsBelongToWinBackOffers() throws {
        let (text, result) = Self.decodeOffersChanged(
            "\"referenceName\": \"Half off a year\"",
            to: "\"referenceName\": \"Half off a year\", \"winBack\": { \"minimumPaidMonths\": 1 }")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "products[0].offers[0].winBack")
        #expect(error.location == CatalogFixtures.position(of: "{ \"minimumPaidMonths\": 1 }", in: text))
        let (_, range) = Self.decodeOffersChanged(
            "\"minimumMonthsSinceLapse\": 1", to: "\"minimumMonthsSinceLapse\": 30")
        #expect(range.errors.map(\.path) == ["products[0].offers[1].winBack.maximumMonthsSinceLapse"])
        #expect(range.errors.first?.message.contains("can never apply") == true)
        let (_, zero) = Self.decodeOffersChanged("\"minimumPaidMonths\": 2", to: "\"minimumPaidMonths\": 0")
        #expect(zero.errors.map(\.path) == ["products[0].offers[1].winBack.minimumPaidMonths"])
    }

    @Test func aWinBackOfferThatLapsedCustomersCannotTakeDrawsAWarning() throws {
        let (text, result) = Self.decodeOffersChanged(
            "\"eligibility\": [\"expired\"]", to: "\"eligibility\": [\"existing\"]")
        #expect(result.errors.isEmpty)
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(warning.path == "products[0].offers[1].eligibility")
        #expect(warning.location == CatalogFixtures.position(of: "[\"existing\"]", in: text))
        #expect(warning.message.contains("can never apply"))
        // Without "eligibility" a win-back offer goes to lapsed subscribers.
        let (_, implicit) = Self.decodeOffersChanged("\"eligibility\": [\"expired\"],", to: "")
        #expect(implicit.diagnostics.isEmpty)
        #expect(implicit.catalog?.offer(id: "come_back", of: "pro_annual")?.eligibility == [.expired])
    }

    @Test func eligibilityNamesAreChecked() throws {
        let (text, result) = Self.decodeOffersChanged(
            "\"eligibility\": [\"new\"]", to: "\"eligibility\": [\"new\", \"exising\"]")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "offerCodes[0].eligibility[1]")
        #expect(error.location == CatalogFixtures.position(of: "\"exising\"", in: text))
        #expect(error.message.contains("did you mean \"existing\""))
        let (_, empty) = Self.decodeOffersChanged("\"eligibility\": [\"new\"]", to: "\"eligibility\": []")
        #expect(empty.errors.map(\.path) == ["offerCodes[0].eligibility"])
        let (_, twice) = Self.decodeOffersChanged(
            "\"eligibility\": [\"new\"]", to: "\"eligibility\": [\"new\", \"new\"]")
        #expect(twice.errors.isEmpty)
        #expect(twice.warnings.map(\.path) == ["offerCodes[0].eligibility[1]"])
        let (_, everyone) = Self.decodeOffersChanged("\"eligibility\": [\"new\"], ", to: "")
        #expect(everyone.catalog?.offerCode("WELCOME3")?.eligibility == [.new, .existing, .expired])
    }

    @Test func offerCodesNameAnAutoRenewableProduct() throws {
        let (text, unknown) = Self.decodeOffersChanged(
            "\"WELCOME3\", \"product\": \"pro_monthly\"", to: "\"WELCOME3\", \"product\": \"pro_montly\"")
        let error = try #require(unknown.errors.first)
        #expect(unknown.errors.count == 1, "\(unknown.errors)")
        #expect(error.path == "offerCodes[0].product")
        #expect(error.location == CatalogFixtures.position(of: "\"pro_montly\"", in: text))
        #expect(error.message.contains("unknown product \"pro_montly\" (did you mean \"pro_monthly\"?)"))
        let (_, unlock) = Self.decodeOffersChanged(
            "\"WELCOME3\", \"product\": \"pro_monthly\"", to: "\"WELCOME3\", \"product\": \"no_ads\"")
        #expect(unlock.errors.map(\.path) == ["offerCodes[0].product"])
        #expect(unlock.errors.first?.message.contains("auto-renewable") == true)
        // A product with errors of its own is reported once, not again by its code.
        let (_, broken) = Self.decodeOffersChanged("\"price\": \"4.99\"", to: "\"price\": \"4,99\"")
        #expect(broken.errors.map(\.path) == ["products[1].price"])
    }

    @Test func offerCodesAreUniqueWithoutRegardToCase() throws {
        let second = """
            { "code": "welcome3", "product": "pro_annual", "mode": "freeTrial", "period": "P1M" },
                { "code": "WELCOME3"
            """
        let (text, result) = Self.decodeOffersChanged("{ \"code\": \"WELCOME3\"", to: second)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "offerCodes[1].code")
        #expect(error.location == CatalogFixtures.position(of: "\"WELCOME3\"", in: text))
        let first = try #require(CatalogFixtures.position(of: "\"welcome3\"", in: text))
        #expect(error.message.contains("duplicate offer code \"WELCOME3\" (first defined at \(first))"))
    }

    @Test(arguments: [
        "\"\"", "\"WELCOME 3\"", "\"WELCÖME\"", "\"WELCOME!\"", "\"\(String(repeating: "A", count: 65))\"",
        "\"A\\nB\"",
    ])
    func offerCodesAreTypeable(code: String) throws {
        let (text, result) = Self.decodeOffersChanged("\"code\": \"WELCOME3\"", to: "\"code\": \(code)")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "offerCodes[0].code")
        #expect(
            error.location
                == CatalogFixtures.position(of: "\"code\": \(code)", in: text).map {
                    OnboardKit.SourceLocation(line: $0.line, column: $0.column + 8)
                })
        #expect(error.message.contains("a customer types the code"))
    }

    @Test(arguments: ["W", "welcome-3_SPRING", String(repeating: "A", count: 64)])
    func typeableCodesAreAccepted(code: String) throws {
        let (_, result) = Self.decodeOffersChanged("\"code\": \"WELCOME3\"", to: "\"code\": \"\(code)\"")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.catalog?.offerCodes.map(\.id) == [code])
    }

    @Test func gracePeriodsAreISOPeriods() throws {
        let (text, bad) = Self.decodeOffersChanged("\"gracePeriod\": \"P16D\"", to: "\"gracePeriod\": \"16 days\"")
        let error = try #require(bad.errors.first)
        #expect(error.path == "store.gracePeriod")
        #expect(error.location == CatalogFixtures.position(of: "\"16 days\"", in: text))
        // The simulation takes any length; one the App Store does not offer draws a warning.
        let (_, month) = Self.decodeOffersChanged("\"gracePeriod\": \"P16D\"", to: "\"gracePeriod\": \"P1M\"")
        #expect(month.errors.isEmpty)
        #expect(month.warnings.map(\.path) == ["store.gracePeriod"])
        #expect(month.warnings.first?.message.contains("P3D, P16D, P28D") == true)
        #expect(month.catalog?.store.gracePeriod == SubscriptionPeriod(value: 1, unit: .month))
        let (_, weeks) = Self.decodeOffersChanged("\"gracePeriod\": \"P16D\"", to: "\"gracePeriod\": \"P4W\"")
        #expect(weeks.diagnostics.isEmpty)
        let (_, none) = Self.decodeOffersChanged("\"gracePeriod\": \"P16D\"", to: "\"gracePriod\": \"P16D\"")
        #expect(none.warnings.first?.message.contains("did you mean \"gracePeriod\"") == true)
        #expect(none.catalog?.store == StoreSettings())
    }

    /// A StoreKit file with an offer code and a billing grace period, for the catalog naming it.
    static let storeKitWithCode = """
        { "settings": { "_storefront": "USA", "_billingGracePeriodEnabled": true },
          "subscriptionGroups": [ { "name": "Pro", "subscriptions": [
            { "productID": "sk_monthly", "type": "RecurringSubscription", "displayPrice": "2.99",
              "recurringSubscriptionPeriod": "P1M",
              "codeOffers": [ { "offerID": "SPRING", "paymentMode": "free", "subscriptionPeriod": "P1M",
                                "eligibility": ["new"] } ] } ] } ] }
        """

    @Test func offerCodesAndSettingsOfStoreKitFilesJoinTheCatalog() throws {
        let text = Self.withOffers.replacingOccurrences(
            of: "\"formatVersion\": 1,", with: "\"formatVersion\": 1, \"storekit\": [\"Products.storekit\"],")
        let withoutStore = text.replacingOccurrences(of: "\"store\": { \"gracePeriod\": \"P16D\" },", with: "")
        let result = Self.decode(withoutStore, files: ["Products.storekit": Self.storeKitWithCode])
        #expect(result.errors.isEmpty, "\(result.errors)")
        let catalog = try #require(result.catalog)
        #expect(catalog.offerCodes.map(\.id) == ["SPRING", "WELCOME3"])
        #expect(catalog.offerCode("spring")?.productID == "sk_monthly")
        // The file's enabled grace period counts while the catalog has no "store".
        #expect(catalog.store.gracePeriod == StoreSettings.enabledGracePeriod)
        let withEmptyStore = text.replacingOccurrences(of: "{ \"gracePeriod\": \"P16D\" }", with: "{}")
        let replaced = Self.decode(withEmptyStore, files: ["Products.storekit": Self.storeKitWithCode])
        #expect(replaced.catalog?.store == StoreSettings())
        // A JSON code that a StoreKit file has already is refused where the catalog repeats it.
        let clash = text.replacingOccurrences(of: "\"code\": \"WELCOME3\"", with: "\"code\": \"Spring\"")
        let clashing = Self.decode(clash, files: ["Products.storekit": Self.storeKitWithCode])
        let error = try #require(clashing.errors.first)
        #expect(error.path == "offerCodes[0].code")
        #expect(error.message.contains("first defined in Products.storekit"))
    }

    @Test func aCodeInTwoStoreKitFilesIsKeptOnceWithAWarning() throws {
        let other = Self.storeKitWithCode.replacingOccurrences(of: "sk_monthly", with: "sk_other")
        let text = Self.withOffers.replacingOccurrences(
            of: "\"formatVersion\": 1,", with: "\"formatVersion\": 1, \"storekit\": [\"A.storekit\", \"B.storekit\"],")
        let result = Self.decode(text, files: ["A.storekit": Self.storeKitWithCode, "B.storekit": other])
        #expect(result.errors.isEmpty, "\(result.errors)")
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(warning.path == "storekit[1]")
        #expect(warning.location == CatalogFixtures.position(of: "\"B.storekit\"", in: text))
        #expect(warning.message.contains("\"SPRING\" is in A.storekit too"))
        #expect(result.catalog?.offerCode("SPRING")?.productID == "sk_monthly")
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

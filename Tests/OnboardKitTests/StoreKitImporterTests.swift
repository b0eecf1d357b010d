import Foundation
import Testing

@testable import OnboardKit

@Suite struct StoreKitImporterTests {
    static let revenueCat = "revenuecat-UnitTestsConfiguration.storekit"
    static let cisum = "cisum-Products.storekit"
    static let chemsims = "chemsims-MexicoConfig.storekit"

    /// The file read for a reader of `language` (tags as `LanguagePreference` gives them).
    func configuration(_ name: String, language: [String] = []) throws -> (StoreKitConfiguration, [Diagnostic]) {
        let bytes = Array(try CatalogFixtures.storeKitText(name).utf8)
        let log = DiagnosticLog(file: name)
        let preference = LanguagePreference(tags: LanguagePreference.expanded(language))
        let configuration = try #require(StoreKitImporter.configuration(from: bytes, log: log, language: preference))
        return (configuration, log.diagnostics)
    }

    func count(_ products: [Product], _ type: ProductType) -> Int { products.filter { $0.type == type }.count }

    func product(_ configuration: StoreKitConfiguration, _ id: String) throws -> Product {
        try #require(configuration.products.first { $0.id == id })
    }

    @Test func readsRevenueCatsFormatFiveFile() throws {
        let (configuration, diagnostics) = try configuration(Self.revenueCat)
        #expect(diagnostics.isEmpty)
        #expect(configuration.storefront == "USA")
        #expect(configuration.currencyCode == "USD")
        #expect(configuration.defaultLocale == "en_US")
        let products = configuration.products
        #expect(products.count == 7)
        #expect(count(products, .autoRenewable) == 4)
        #expect(count(products, .nonConsumable) == 1)
        #expect(count(products, .consumable) == 1)
        #expect(count(products, .nonRenewing) == 1)

        let monthly = try product(configuration, "com.revenuecat.monthly_4.99.1_week_intro")
        #expect(monthly.price == Decimal(string: "4.99"))
        #expect(monthly.subscriptionPeriod == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.subscriptionGroup == "subscription_group_1")
        #expect(monthly.subscriptionGroupLevel == 1)
        // The file's offer is three free months, whatever the product id says.
        #expect(
            monthly.introductoryOffer
                == IntroductoryOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .month)))
        #expect(monthly.localizedTitle == "Monthly Free Trial")
        #expect(monthly.localizedDescription == "Monthly subscription with a 1-week free trial")

        let annual = try product(configuration, "com.revenuecat.annual_39.99.2_week_intro")
        #expect(annual.introductoryOffer?.period == SubscriptionPeriod(value: 2, unit: .week))
        #expect(annual.introductoryOffer?.periodCount == 1)

        // Empty display name and description: the product id stands in (the reference name is
        // App Store Connect's internal one), the description stays empty.
        let commitment = try product(configuration, "com.revenuecat.annual_with_commitment")
        #expect(commitment.localizedTitle == "com.revenuecat.annual_with_commitment")
        #expect(commitment.localizedDescription == "")
        #expect(commitment.introductoryOffer == nil)
        #expect(commitment.price == Decimal(string: "11.88"))

        let otherGroup = try product(configuration, "com.revenuecat.annual_39.99_no_trial")
        #expect(otherGroup.subscriptionGroup == "subscription_group_2")

        let lifetime = try product(configuration, "lifetime")
        #expect(lifetime.type == .nonConsumable)
        #expect(lifetime.subscriptionPeriod == nil && lifetime.subscriptionGroup == nil)
        #expect(try product(configuration, "com.revenuecat.non_renewable").type == .nonRenewing)
        #expect(try product(configuration, "com.revenuecat.consumable").price == Decimal(string: "1.49"))
    }

    @Test func readsCisumsChineseStorefront() throws {
        let (configuration, diagnostics) = try configuration(Self.cisum)
        #expect(diagnostics.isEmpty)
        #expect(configuration.storefront == "CHN")
        #expect(configuration.currencyCode == "CNY")
        #expect(configuration.products.allSatisfy { $0.currencyCode == "CNY" })
        #expect(count(configuration.products, .nonConsumable) == 3)
        #expect(count(configuration.products, .consumable) == 3)
        #expect(count(configuration.products, .nonRenewing) == 3)
        #expect(count(configuration.products, .autoRenewable) == 2)

        // Whole-number prices.
        #expect(try product(configuration, "com.yueyi.kuaiyizhi.pro.year.1").price == 79)
        #expect(try product(configuration, "com.yueyi.kuaiyizhi.pro.day.7").price == 1)

        let monthly = try product(configuration, "com.yueyi.cisum.pro.monthly")
        #expect(monthly.price == 2)
        #expect(monthly.introductoryOffer == nil)  // "introductoryOffer": null
        #expect(monthly.subscriptionGroup == "Software Services")
        #expect(monthly.subscriptionGroupLevel == 1)

        let yearly = try product(configuration, "com.yueyi.cisum.pro.yearly")
        #expect(yearly.price == 20)
        #expect(yearly.subscriptionGroupLevel == 2)
        #expect(
            yearly.introductoryOffer
                == IntroductoryOffer(
                    paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .year), periodCount: 1,
                    price: Decimal(string: "0.99")!))
    }

    @Test func namesFallBackThroughTheReadersLanguagesThenEnglish() throws {
        let monthlyID = "com.yueyi.cisum.pro.monthly"
        // No language (C.UTF-8): English, as the app's words are, not the storefront's Chinese.
        #expect(try product(configuration(Self.cisum).0, monthlyID).localizedTitle == "Pro Annual")
        // The reader's exact locale.
        #expect(try product(configuration(Self.cisum, language: ["en_US"]).0, monthlyID).localizedTitle == "Pro Annual")
        // A more specific locale, and the same language in another region.
        for identifier in ["zh_Hans_CN", "zh_TW"] {
            #expect(
                try product(configuration(Self.cisum, language: [identifier]).0, monthlyID).localizedTitle == "专业版按月订阅")
        }
        // English in Britain finds en_US by language.
        #expect(try product(configuration(Self.cisum, language: ["en_GB"]).0, monthlyID).localizedTitle == "Pro Annual")
        // A language the file lacks: English, then the reader's next language before it.
        #expect(try product(configuration(Self.cisum, language: ["fr_FR"]).0, monthlyID).localizedTitle == "Pro Annual")
        #expect(
            try product(configuration(Self.cisum, language: ["fr_FR", "zh_CN"]).0, monthlyID).localizedTitle
                == "专业版按月订阅")
        // Only an en_US name exists: it is used even though the storefront is China's.
        #expect(try product(configuration(Self.cisum).0, "nonconsumable.car").localizedTitle == "Car")
        // Only a Chinese name exists: an English screen shows the product's id, not Chinese.
        let chineseOnly = "com.yueyi.kuaiyizhi.pro.year.1"
        #expect(try product(configuration(Self.cisum).0, chineseOnly).localizedTitle == chineseOnly)
    }

    @Test func readsChemsimsOldestFormatWithoutNames() throws {
        let (configuration, diagnostics) = try configuration(Self.chemsims)
        #expect(diagnostics.isEmpty)
        #expect(configuration.currencyCode == "USD")
        #expect(configuration.products.count == 8)
        #expect(count(configuration.products, .nonConsumable) == 4)
        #expect(count(configuration.products, .consumable) == 4)
        // Empty display names and a null reference name: the product id is the name.
        let tip = try product(configuration, "tip_3")
        #expect(tip.localizedTitle == "tip_3")
        #expect(tip.localizedDescription == "")
        #expect(tip.price == 99)
    }

    @Test func buildsADefaultOfferingFromTheFile() throws {
        let result = StoreKitImporter.load(
            path: CatalogFixtures.storeKitPath(Self.revenueCat), fileReader: CatalogFixtures.diskReader)
        // Subscriptions without a privacy policy or terms address: the warning JSON catalogs get.
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.path) == ["appPolicies"])
        #expect(result.warnings.first?.message.contains("privacy policy and terms of use") == true)
        let catalog = try #require(result.catalog)
        let offering = try #require(catalog.currentOffering)
        #expect(offering.id == "default")
        #expect(
            offering.packages.map(\.identifier) == [
                "$rc_monthly", "$rc_annual", "com.revenuecat.annual_with_commitment",
                "com.revenuecat.annual_39.99_no_trial", "lifetime", "com.revenuecat.non_renewable",
                "com.revenuecat.consumable",
            ])
        #expect(offering.defaultPackage?.identifier == "$rc_annual")
        #expect(offering.copy == PaywallCopy.standard)
        #expect(catalog.products.count == 7)
        let pro = try #require(catalog.entitlement(id: "pro"))
        #expect(pro.productIDs.count == 6)
        #expect(!pro.productIDs.contains("com.revenuecat.consumable"))
        // The file's policy URL is empty: no link.
        #expect(catalog.links.privacyPolicy == nil)
    }

    @Test func defaultOfferingForTipsOnlyHasNoEntitlementWithoutUnlocks() throws {
        let result = CatalogDecoder.load(
            path: CatalogFixtures.storeKitPath(Self.chemsims), fileReader: CatalogFixtures.diskReader)
        let catalog = try #require(result.catalog)
        let packages = try #require(catalog.currentOffering).packages
        // A non-consumable is not taken for a lifetime unlock: these are badges for tips.
        #expect(packages.first?.identifier == "tip_with_badge_1")
        #expect(packages.filter { $0.packageType == .lifetime }.isEmpty)
        #expect(packages.map(\.identifier).suffix(4) == ["tip_1", "tip_2", "tip_3", "tip_4"])
        #expect(catalog.entitlements.first?.productIDs.count == 4)
    }

    static let secret = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg-TOP-SECRET-KEY-TEXT"

    /// A file with a signing key and several problems, so diagnostics have something to say.
    static let fileWithPrivateKey = """
        {
          "identifier": "X",
          "subscriptionOffersKeyPair": { "id": "KEY1", "privateKey": "\(secret)" },
          "products": [
            { "productID": "coins", "type": "Consumable", "displayPrice": "1,99", "localizations": [] },
            { "type": "NonConsumable", "displayPrice": "2" },
            { "productID": "gems", "type": "Gadget", "displayPrice": "3" },
            { "productID": "unlock", "type": "NonConsumable", "displayPrice": "4.99", "referenceName": "Unlock",
              "localizations": [ { "locale": "en_US", "displayName": null, "description": null } ] }
          ],
          "settings": { "_storefront": "ATL", "_locale": "en_US", "_timeRate": 15 },
          "futureKey": { "anything": [1, 2, 3] },
          "version": { "major": 9, "minor": 0 }
        }
        """

    @Test func privateKeysNeverReachDiagnosticsOrTheCatalog() throws {
        let path = "Signed.storekit"
        let reader = CatalogFixtures.memoryReader([path: Self.fileWithPrivateKey])
        let result = StoreKitImporter.load(path: path, fileReader: reader)
        #expect(result.errors.count == 3)
        for diagnostic in result.diagnostics {
            #expect(!diagnostic.description.contains("TOP-SECRET"))
        }
        let log = DiagnosticLog(file: path)
        let configuration = try #require(
            StoreKitImporter.configuration(
                from: Array(Self.fileWithPrivateKey.utf8), log: log, language: LanguagePreference(tags: [])))
        #expect(!String(describing: configuration).contains("TOP-SECRET"))
        #expect(!String(reflecting: configuration).contains("TOP-SECRET"))
        // The readable product survives, with nulls treated as missing names.
        #expect(configuration.products.map(\.id) == ["unlock"])
        #expect(configuration.products.first?.localizedTitle == "unlock")
        // An unknown storefront falls back to USD with a warning.
        #expect(configuration.currencyCode == "USD")
        #expect(log.warnings.contains { $0.path == "settings._storefront" && $0.message.contains("ATL") })
    }

    @Test func problemsPointAtTheirPlace() throws {
        let path = "Signed.storekit"
        let result = StoreKitImporter.load(
            path: path, fileReader: CatalogFixtures.memoryReader([path: Self.fileWithPrivateKey]))
        let price = try #require(result.errors.first { $0.path == "products[0].displayPrice" })
        #expect(price.location == CatalogFixtures.position(of: "\"1,99\"", in: Self.fileWithPrivateKey))
        #expect(price.file == path)
        #expect(result.errors.contains { $0.path == "products[1]" && $0.message.contains("productID") })
        #expect(result.errors.contains { $0.path == "products[2].type" && $0.message.contains("Gadget") })
        #expect(result.catalog == nil)
    }

    /// A file of the Taiwan storefront with Traditional, Simplified and English names: each
    /// screen is in one language, the one its words are in; C.UTF-8 names none, and the app
    /// speaks English there.
    static let taiwan = """
        { "settings": { "_storefront": "TWN" },
          "products": [ { "productID": "pro", "type": "NonConsumable", "displayPrice": "150",
            "localizations": [ { "locale": "zh_Hant", "displayName": "專業版", "description": "" },
              { "locale": "zh_Hans", "displayName": "专业版", "description": "" },
              { "locale": "en_US", "displayName": "Pro", "description": "" } ] } ] }
        """

    @Test(arguments: [
        (["LANG": "C.UTF-8"], "Pro"), ([:], "Pro"), (["LANG": "en_GB.UTF-8"], "Pro"), (["LANG": "fr_FR.UTF-8"], "Pro"),
        (["LANG": "zh_TW.UTF-8"], "專業版"), (["LANG": "zh_HK.UTF-8"], "專業版"), (["LANG": "zh_CN.UTF-8"], "专业版"),
        (["LANGUAGE": "fr:zh_TW", "LANG": "fr_FR.UTF-8"], "專業版"),
    ])
    func aStorefrontsLanguageNeverNamesProductsOnAScreenInAnother(environment: [String: String], name: String) throws {
        let log = DiagnosticLog(file: "taiwan.storekit")
        let language = LanguagePreference.resolve(option: nil, environment: environment)
        let configuration = try #require(
            StoreKitImporter.configuration(from: Array(Self.taiwan.utf8), log: log, language: language))
        #expect(configuration.products.first?.localizedTitle == name)
        #expect(configuration.products.first?.currencyCode == "TWD")
    }

    @Test func offersMissingNumberOfPeriodsLastOnePeriod() throws {
        let text = """
            { "settings": { "_storefront": "GBR" },
              "subscriptionGroups": [ { "id": "1", "name": "Plus", "subscriptions": [
                { "productID": "plus", "type": "RecurringSubscription", "displayPrice": "3.49",
                  "recurringSubscriptionPeriod": "P1M", "groupNumber": 2,
                  "introductoryOffers": [ { "paymentMode": "payUpFront", "displayPrice": "5", "subscriptionPeriod": "P3M" } ],
                  "localizations": [ { "locale": "en_GB", "displayName": "Plus", "description": "" } ] } ] } ] }
            """
        let log = DiagnosticLog(file: "x.storekit")
        let configuration = try #require(
            StoreKitImporter.configuration(from: Array(text.utf8), log: log, language: LanguagePreference(tags: [])))
        #expect(log.diagnostics.isEmpty)
        let plus = try #require(configuration.products.first)
        #expect(plus.currencyCode == "GBP")
        #expect(plus.subscriptionGroup == "Plus")
        #expect(plus.subscriptionGroupLevel == 2)
        #expect(
            plus.introductoryOffer
                == IntroductoryOffer(
                    paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), periodCount: 1,
                    price: 5))
    }

    @Test func badSubscriptionPeriodsAreErrors() throws {
        let text = """
            { "settings": { "_storefront": "USA" }, "subscriptionGroups": [ { "subscriptions": [
                { "productID": "odd", "displayPrice": "1", "recurringSubscriptionPeriod": "P1Y6M" } ] } ] }
            """
        let log = DiagnosticLog(file: "x.storekit")
        let configuration = try #require(
            StoreKitImporter.configuration(from: Array(text.utf8), log: log, language: LanguagePreference(tags: [])))
        #expect(configuration.products.isEmpty)
        let error = try #require(log.errors.first)
        #expect(error.path == "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod")
        #expect(error.location == CatalogFixtures.position(of: "\"P1Y6M\"", in: text))
    }

    // MARK: Offers

    @Test func readsThePromotionalOffersOfRevenueCatsFile() throws {
        let (configuration, diagnostics) = try configuration(Self.revenueCat)
        #expect(diagnostics.isEmpty)
        let monthly = try product(configuration, "com.revenuecat.monthly_4.99.1_week_intro")
        let prefix = "com.revenuecat.monthly_4.99.1_week_intro."
        #expect(monthly.offers.map(\.id) == [prefix + "year_discount", prefix + "pay_as_you_go"])
        #expect(monthly.offers.allSatisfy { $0.kind == .promotional && $0.productID == monthly.id })
        #expect(monthly.offers.allSatisfy { $0.eligibility == SubscriptionOffer.defaultEligibility(of: .promotional) })
        let yearDiscount = try #require(monthly.offers.first)
        #expect(yearDiscount.referenceName == "year discount")
        #expect(
            yearDiscount.terms
                == IntroductoryOffer(
                    paymentMode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .year), periodCount: 1,
                    price: Decimal(string: "40.99")!))
        let payAsYouGo = try #require(monthly.offers.last)
        #expect(
            payAsYouGo.terms
                == IntroductoryOffer(
                    paymentMode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periodCount: 2,
                    price: Decimal(string: "20.15")!))
        #expect(payAsYouGo.winBack == nil)
        let others = configuration.products.filter { $0.id != monthly.id }
        #expect(others.allSatisfy { $0.offers.isEmpty })
        #expect(configuration.offerCodes.isEmpty)
        // `_billingGracePeriodEnabled` is false in this file.
        #expect(configuration.store == StoreSettings())
    }

    @Test(arguments: [cisum, chemsims])
    func filesWithoutOffersHaveNone(name: String) throws {
        let (configuration, diagnostics) = try configuration(name)
        #expect(diagnostics.isEmpty)
        #expect(configuration.products.allSatisfy { $0.offers.isEmpty })
        #expect(configuration.offerCodes.isEmpty)
        #expect(configuration.store.gracePeriod == nil)
    }

    @Test func aWholeCatalogFromAFileKeepsItsOffers() throws {
        let result = StoreKitImporter.load(
            path: CatalogFixtures.storeKitPath(Self.revenueCat), fileReader: CatalogFixtures.diskReader)
        let catalog = try #require(result.catalog)
        let monthlyID = "com.revenuecat.monthly_4.99.1_week_intro"
        #expect(catalog.offer(id: monthlyID + ".year_discount", of: monthlyID)?.terms.price == Decimal(string: "40.99"))
        let offers = """
            { "settings": { "_storefront": "USA", "_billingGracePeriodEnabled": true },
              "subscriptionGroups": [ { "name": "Pro", "subscriptions": [
                { "productID": "pro", "displayPrice": "3", "recurringSubscriptionPeriod": "P1M",
                  "codeOffers": [ { "offerID": "HELLO", "paymentMode": "free", "subscriptionPeriod": "P1W" } ] } ] } ] }
            """
        let loaded = StoreKitImporter.load(
            path: "Offers.storekit", fileReader: CatalogFixtures.memoryReader(["Offers.storekit": offers]))
        let whole = try #require(loaded.catalog)
        #expect(whole.offerCode("hello")?.productID == "pro")
        // Enabled with no length: 16 days, the middle one of App Store Connect's choices.
        #expect(whole.store.gracePeriod == SubscriptionPeriod(value: 16, unit: .day))
    }

    /// Win-back offers and offer codes as Xcode's newer formats write them, with each spelling of
    /// the win-back conditions the reader accepts.
    static let fileWithOffers = """
        { "settings": { "_storefront": "DEU", "_billingGracePeriodEnabled": true },
          "subscriptionGroups": [ { "name": "Plus", "subscriptions": [
            { "productID": "plus.monthly", "type": "RecurringSubscription", "displayPrice": "4.99",
              "recurringSubscriptionPeriod": "P1M",
              "adHocOffers": [],
              "winbackOffers": [
                { "offerID": "back.half", "paymentMode": "payAsYouGo", "displayPrice": "2.49", "numberOfPeriods": 3,
                  "subscriptionPeriod": "P1M", "referenceName": "Half price",
                  "paidSubscriptionDurationInMonths": 6,
                  "timeSinceLastSubscribedInMonths": { "minimum": 2, "maximum": 24 } },
                { "offerID": "back.free", "paymentMode": "free", "subscriptionPeriod": "P2W",
                  "eligibilityDurationMonths": 3, "minimumTimeSinceLastSubscribedInMonths": 1,
                  "maximumTimeSinceLastSubscribedInMonths": 12 },
                { "offerID": "back.plain", "paymentMode": "free", "subscriptionPeriod": "P1W" } ],
              "codeOffers": [
                { "offerID": "SPRING24", "paymentMode": "payUpFront", "displayPrice": "9.99", "subscriptionPeriod": "P3M",
                  "eligibility": ["new", "expired"], "isStackable": true, "internalID": "111" },
                { "referenceName": "Summer Sale", "paymentMode": "free", "subscriptionPeriod": "P1M",
                  "eligibility": ["existing"], "internalID": "222" },
                { "internalID": "333", "paymentMode": "free", "subscriptionPeriod": "P1W" } ] } ] } ] }
        """

    func read(_ text: String) throws -> (StoreKitConfiguration, DiagnosticLog) {
        let log = DiagnosticLog(file: "Offers.storekit")
        let configuration = try #require(
            StoreKitImporter.configuration(from: Array(text.utf8), log: log, language: LanguagePreference(tags: [])))
        return (configuration, log)
    }

    @Test func readsWinBackOffersAndOfferCodes() throws {
        let (configuration, log) = try read(Self.fileWithOffers)
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        #expect(configuration.store.gracePeriod == StoreSettings.enabledGracePeriod)
        let plus = try product(configuration, "plus.monthly")
        #expect(plus.offers.map(\.id) == ["back.half", "back.free", "back.plain"])
        #expect(plus.offers.allSatisfy { $0.kind == .winBack && $0.eligibility == [.expired] })
        let half = try #require(plus.offers.first)
        #expect(half.referenceName == "Half price")
        #expect(half.terms.price == Decimal(string: "2.49"))
        #expect(half.terms.periodCount == 3)
        #expect(
            half.winBack
                == WinBackCondition(minimumPaidMonths: 6, minimumMonthsSinceLapse: 2, maximumMonthsSinceLapse: 24))
        #expect(
            plus.offers[1].winBack
                == WinBackCondition(minimumPaidMonths: 3, minimumMonthsSinceLapse: 1, maximumMonthsSinceLapse: 12))
        #expect(plus.offers[1].terms.period == SubscriptionPeriod(value: 2, unit: .week))
        // No condition in the file: none.
        #expect(plus.offers[2].winBack == nil)

        // What the customer types: offerID, else the reference name without spaces, else internalID.
        #expect(configuration.offerCodes.map(\.id) == ["SPRING24", "SummerSale", "333"])
        #expect(configuration.offerCodes.allSatisfy { $0.kind == .code && $0.productID == "plus.monthly" })
        let spring = try #require(configuration.offerCodes.first)
        #expect(spring.eligibility == [.new, .expired])
        #expect(
            spring.terms
                == IntroductoryOffer(
                    paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month),
                    price: Decimal(string: "9.99")!))
        #expect(configuration.offerCodes[1].eligibility == [.existing])
        #expect(configuration.offerCodes[1].referenceName == "Summer Sale")
        #expect(configuration.offerCodes[2].eligibility == SubscriptionOffer.defaultEligibility(of: .code))
        #expect(plus.currencyCode == "EUR" && spring.terms.price == Decimal(string: "9.99"))
    }

    @Test func unreadableOffersAreSkippedWithAWarning() throws {
        let text = """
            { "settings": { "_storefront": "USA" },
              "subscriptionGroups": [ { "name": "Pro", "subscriptions": [
                { "productID": "pro", "displayPrice": "3", "recurringSubscriptionPeriod": "P1M",
                  "adHocOffers": [
                    { "offerID": "odd", "paymentMode": "payAsYouGo", "displayPrice": "1", "subscriptionPeriod": "P1Y6M" },
                    { "offerID": "unpriced", "paymentMode": "payUpFront", "subscriptionPeriod": "P1Y" },
                    { "offerID": "modeless", "subscriptionPeriod": "P1Y" },
                    { "paymentMode": "free", "subscriptionPeriod": "P1W" },
                    "not an offer",
                    { "offerID": "fine", "paymentMode": "free", "subscriptionPeriod": "P1W" },
                    { "offerID": "fine", "paymentMode": "free", "subscriptionPeriod": "P2W" } ],
                  "winbackOffers": [
                    { "offerID": "never", "paymentMode": "free", "subscriptionPeriod": "P1W",
                      "timeSinceLastSubscribedInMonths": { "minimum": 12, "maximum": 3 } },
                    { "offerID": "current", "paymentMode": "free", "subscriptionPeriod": "P1W", "eligibility": ["existing"],
                      "paidSubscriptionDurationInMonths": "six" } ],
                  "codeOffers": [
                    { "referenceName": "Black Friday!", "paymentMode": "free", "subscriptionPeriod": "P1W" },
                    { "offerID": "HELLO", "paymentMode": "free", "subscriptionPeriod": "P1W", "eligibility": ["lapsed"] },
                    { "offerID": "WELCOME", "paymentMode": "free", "subscriptionPeriod": "P1W" },
                    { "offerID": "welcome", "paymentMode": "free", "subscriptionPeriod": "P2W" } ] } ] } ] }
            """
        let (configuration, log) = try read(text)
        // The product is still sold; only the offers that can be read are kept.
        #expect(log.errors.isEmpty, "\(log.errors)")
        let pro = try product(configuration, "pro")
        #expect(pro.offers.map(\.id) == ["fine", "current"])
        #expect(pro.offers.last?.winBack == nil)
        #expect(configuration.offerCodes.map(\.id) == ["WELCOME"])
        let base = "subscriptionGroups[0].subscriptions[0]"
        let warned = log.warnings.map(\.path)
        #expect(
            warned == [
                "\(base).adHocOffers[0].subscriptionPeriod", "\(base).adHocOffers[1]",
                "\(base).adHocOffers[2].paymentMode",
                "\(base).adHocOffers[3]", "\(base).adHocOffers[4]", "\(base).adHocOffers[6]",
                "\(base).winbackOffers[0]",
                "\(base).winbackOffers[1].paidSubscriptionDurationInMonths", "\(base).winbackOffers[1].eligibility",
                "\(base).codeOffers[0]", "\(base).codeOffers[1].eligibility[0]", "\(base).codeOffers[1].eligibility",
                "\(base).codeOffers[3]",
            ], "\(log.warnings.map(\.description))")
        let period = try #require(log.warnings.first)
        #expect(period.location == CatalogFixtures.position(of: "\"P1Y6M\"", in: text))
        #expect(period.message.hasSuffix("; the offer is skipped"))
        #expect(log.warnings[1].message.contains("has no displayPrice"))
        #expect(log.warnings[6].message.contains("at least 12 and at most 3 months"))
        #expect(log.warnings[8].message.contains("can never apply"))
        #expect(log.warnings[9].message.contains("\"BlackFriday!\" holds \"!\""))
        #expect(log.warnings[12].message.contains("without regard to case"))
    }

    @Test(arguments: [
        ("USA", "USD"), ("CHN", "CNY"), ("MEX", "MXN"), ("GBR", "GBP"), ("JPN", "JPY"), ("DEU", "EUR"), ("FRA", "EUR"),
        ("ITA", "EUR"), ("ESP", "EUR"), ("KOR", "KRW"), ("IND", "INR"), ("BRA", "BRL"), ("CAN", "CAD"), ("AUS", "AUD"),
        ("CHE", "CHF"), ("SWE", "SEK"), ("TUR", "TRY"), ("usa", "USD"),
    ])
    func storefrontsMapToCurrencies(storefront: String, currency: String) {
        #expect(StorefrontCurrency.currencyCode(forStorefront: storefront) == currency)
    }

    @Test func storefrontsOutsideTheTableUseTheCountrysCurrency() {
        // Morocco is not in the table; ICU knows its dirham.
        #expect(StorefrontCurrency.currencyCode(forStorefront: "MAR") == "MAD")
        #expect(StorefrontCurrency.currencyCode(forStorefront: "ATL") == nil)
        #expect(StorefrontCurrency.currencyCode(forStorefront: "US") == nil)
    }
}

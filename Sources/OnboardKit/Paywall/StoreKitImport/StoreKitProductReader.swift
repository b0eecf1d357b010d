import FoundationEssentials

/// Reads the products of one StoreKit file, one product object at a time.
struct StoreKitProductReader {
    let log: DiagnosticLog
    let currencyCode: String
    /// The reader's languages, which pick the names.
    let language: LanguagePreference
    private(set) var products: [Product] = []
    /// The subscriptions' `codeOffers`, in file order.
    private(set) var offerCodes: [SubscriptionOffer] = []
    private var seen: [String: SourceLocation] = [:]
    /// The offer codes so far, uppercased: a code names one offer in the whole file.
    private var takenCodes: Set<String> = []

    init(log: DiagnosticLog, currencyCode: String, language: LanguagePreference) {
        self.log = log
        self.currencyCode = currencyCode
        self.language = language
    }

    static let types: [String: ProductType] = [
        "Consumable": .consumable, "NonConsumable": .nonConsumable, "NonRenewingSubscription": .nonRenewing,
        "RecurringSubscription": .autoRenewable,
    ]

    /// Reads one product; logs and skips it when it cannot be sold as written.
    mutating func readProduct(_ node: JSONNode, path: JSONPath, defaultType: ProductType?, group: String?) {
        guard node.members != nil else {
            log.error(path, at: node.location, "expected a product object, found \(node.kindName)")
            return
        }
        guard let id = StoreKitImporter.nonEmptyString(node["productID"]) else {
            log.error(path, at: node.location, "the product has no productID; it is skipped")
            return
        }
        let shownID = "\"\(SafeText.sanitize(id))\""
        if let first = seen[id] {
            log.error(
                path.appending("productID"), at: node["productID"]?.location,
                "duplicate product id \(shownID) (first defined at \(first)); it is skipped")
            return
        }
        seen[id] = node["productID"]?.location ?? node.location

        var type = defaultType
        if let typeName = node["type"]?.stringValue {
            if let known = Self.types[typeName] {
                type = known
            } else if type == nil {
                log.error(
                    path.appending("type"), at: node["type"]?.location,
                    "unknown product type \"\(SafeText.sanitize(typeName))\" (expected Consumable, NonConsumable, "
                        + "NonRenewingSubscription or RecurringSubscription); \(shownID) is skipped")
                return
            }
        }
        guard let type else {
            log.error(path, at: node.location, "\(shownID) has no type; it is skipped")
            return
        }
        guard let priceNode = node["displayPrice"], !priceNode.isNull else {
            log.error(path, at: node.location, "\(shownID) has no displayPrice; it is skipped")
            return
        }
        guard
            let price = CatalogValues.price(
                priceNode, path: path.appending("displayPrice"), log: log, currencyCode: currencyCode,
                strictDecimals: false)
        else { return }

        var period: SubscriptionPeriod?
        var offer: IntroductoryOffer?
        var offers: [SubscriptionOffer] = []
        var level: Int?
        if type == .autoRenewable {
            guard let periodNode = node["recurringSubscriptionPeriod"], !periodNode.isNull else {
                log.error(
                    path, at: node.location, "subscription \(shownID) has no recurringSubscriptionPeriod; it is skipped"
                )
                return
            }
            guard
                let parsed = CatalogValues.period(
                    periodNode, path: path.appending("recurringSubscriptionPeriod"), log: log)
            else { return }
            period = parsed
            level = Self.wholeNumber(node["groupNumber"]) ?? 1
            let offerReader = StoreKitOfferReader(log: log, currencyCode: currencyCode)
            offer = offerReader.introductoryOffer(of: node, path: path)
            let read = offerReader.offers(of: node, productID: id, path: path, takenCodes: &takenCodes)
            offers = read.offers
            offerCodes += read.codes
        }

        let localizations = node["localizations"]?.arrayValue ?? []
        // `referenceName` is App Store Connect's internal name, never shown to customers: a
        // product with no name in a language the customer reads is shown by its id.
        let title = StoreKitLocalization.text("displayName", in: localizations, language: language) ?? id
        let description = StoreKitLocalization.text("description", in: localizations, language: language) ?? ""
        products.append(
            Product(
                id: id, type: type, price: price, currencyCode: currencyCode, subscriptionPeriod: period,
                subscriptionGroup: type == .autoRenewable ? group : nil, subscriptionGroupLevel: level,
                introductoryOffer: offer, localizedTitle: title, localizedDescription: description, offers: offers))
    }

    /// A JSON whole number, or nil when absent, null or not a whole number.
    static func wholeNumber(_ node: JSONNode?) -> Int? {
        guard case .number(let text)? = node?.value else { return nil }
        return Int(text)
    }
}

import FoundationEssentials

extension CatalogDecoder {
    static let productKeys: Set<String> = [
        "id", "type", "price", "currency", "period", "subscriptionGroup", "groupLevel", "introductoryOffer", "title",
        "description", "checkout", "offers",
    ]
    static let introductoryOfferKeys: Set<String> = ["mode", "period", "periodCount", "price"]
    /// The group of auto-renewable products that name none: most apps sell one tier in one group.
    static let defaultSubscriptionGroup = "default"

    /// Reads "products", adding each valid product.
    func readProducts(_ document: JSONObjectReader, defaultCurrency: String?) {
        guard let items = document.array("products") else { return }
        for (node, itemPath) in items {
            guard let reader = JSONObjectReader(node, path: itemPath, log: log) else { continue }
            reader.warnUnknownKeys(Self.productKeys)
            guard let id = reader.string("id", required: true, nonEmpty: true) else { continue }
            let idLocation = reader.member("id")?.location
            guard declare(id, path: itemPath.appending("id"), location: idLocation, file: path) else { continue }
            if let product = readProduct(reader, id: id, defaultCurrency: defaultCurrency) {
                products[id] = product
            }
        }
    }

    private func readProduct(_ reader: JSONObjectReader, id: String, defaultCurrency: String?) -> Product? {
        let type = readProductType(reader)
        var currency = defaultCurrency
        var currencyProblem = defaultCurrencyInvalid
        if let node = reader.member("currency") {
            currency = CatalogValues.currencyCode(node, path: reader.path.appending("currency"), log: log)
            currencyProblem = currency == nil
        } else if currency == nil && !currencyProblem {
            log.error(
                reader.path, at: reader.node.location,
                "no currency: add \"currency\": \"USD\" (ISO 4217) to the product or to the catalog")
            currencyProblem = true
        }
        // The other members are still read, so that their problems are reported too.
        var price: Decimal?
        if let priceNode = reader.member("price") {
            price = CatalogValues.price(
                priceNode, path: reader.path.appending("price"), log: log, currencyCode: currency)
        } else {
            log.error(
                reader.path.appending("price"), at: reader.node.location,
                "missing required member \"price\" (a decimal string such as \"39.99\")")
        }
        let period = reader.member("period").flatMap {
            CatalogValues.period($0, path: reader.path.appending("period"), log: log)
        }
        let title = text("title", in: reader, required: true, nonEmpty: true)
        let description = text("description", in: reader) ?? ""
        let group = reader.string("subscriptionGroup", nonEmpty: true)
        let level = reader.int("groupLevel", in: 1...1000)
        let offer = reader.object("introductoryOffer").flatMap { readIntroductoryOffer($0, currency: currency) }
        let offers = reader.array("offers").flatMap { readOffers($0, productID: id, currency: currency) }
        let checkout = reader.object("checkout").flatMap { readCheckout($0) }
        let fitsType = type.map { membersFit($0, reader, period: period) } ?? false
        guard fitsType, let type, let price, let title, let currency, !currencyProblem else { return nil }
        if reader.has("introductoryOffer") && offer == nil { return nil }
        if reader.has("offers") && offers == nil { return nil }
        if reader.has("checkout") && checkout == nil { return nil }
        let isSubscription = type == .autoRenewable
        return Product(
            id: id, type: type, price: price, currencyCode: currency, subscriptionPeriod: period,
            subscriptionGroup: isSubscription ? (group ?? Self.defaultSubscriptionGroup) : nil,
            subscriptionGroupLevel: isSubscription ? (level ?? 1) : nil, introductoryOffer: offer,
            localizedTitle: title, localizedDescription: description, checkout: checkout, offers: offers ?? [])
    }

    /// Checks the members that depend on the product type; false after reporting a misfit.
    private func membersFit(_ type: ProductType, _ reader: JSONObjectReader, period: SubscriptionPeriod?) -> Bool {
        switch type {
        case .autoRenewable:
            if period == nil {
                if !reader.has("period") {
                    log.error(
                        reader.path.appending("period"), at: reader.node.location,
                        "an auto-renewable subscription needs a \"period\" such as \"P1M\" or \"P1Y\"")
                }
                return false
            }
            return true
        case .nonRenewing, .consumable, .nonConsumable:
            var fits = true
            if type != .nonRenewing, let node = reader.member("period") {
                log.error(
                    reader.path.appending("period"), at: node.location,
                    "only subscriptions have a period; remove it, or make the type \"autoRenewable\" or \"nonRenewing\""
                )
                fits = false
            }
            for key in ["subscriptionGroup", "groupLevel", "introductoryOffer", "offers"] {
                guard let node = reader.member(key) else { continue }
                log.error(
                    reader.path.appending(key), at: node.location,
                    "\"\(key)\" applies only to auto-renewable subscriptions (type \"autoRenewable\")")
                fits = false
            }
            return fits
        }
    }

    private func readProductType(_ reader: JSONObjectReader) -> ProductType? {
        guard let name = reader.string("type", required: true) else { return nil }
        if let type = ProductType(rawValue: name) { return type }
        let names = ProductType.allCases.map(\.rawValue)
        log.error(
            reader.path.appending("type"), at: reader.member("type")?.location,
            "unknown product type \"\(SafeText.sanitize(name))\"\(CatalogValues.suggestion(for: name, in: names)); "
                + "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", "))
        return nil
    }

    private func readIntroductoryOffer(_ reader: JSONObjectReader, currency: String?) -> IntroductoryOffer? {
        reader.warnUnknownKeys(Self.introductoryOfferKeys)
        return readOfferTerms(reader, currency: currency)
    }

    /// What an offer's customer pays and for how long ("mode", "period", "periodCount", "price"):
    /// the members an introductory offer, a product's other offers and offer codes share.
    func readOfferTerms(_ reader: JSONObjectReader, currency: String?) -> IntroductoryOffer? {
        var mode: IntroductoryOffer.PaymentMode?
        if let name = reader.string("mode", required: true) {
            mode = IntroductoryOffer.PaymentMode(rawValue: name)
            if mode == nil {
                let names = IntroductoryOffer.PaymentMode.allCases.map(\.rawValue)
                log.error(
                    reader.path.appending("mode"), at: reader.member("mode")?.location,
                    "unknown offer mode \"\(SafeText.sanitize(name))\""
                        + CatalogValues.suggestion(for: name, in: names) + "; "
                        + "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
        var period: SubscriptionPeriod?
        if let node = reader.member("period") {
            period = CatalogValues.period(node, path: reader.path.appending("period"), log: log)
        } else {
            log.error(
                reader.path.appending("period"), at: reader.node.location,
                "missing required member \"period\" (how long one offer period lasts, such as \"P1W\")")
        }
        let count = reader.has("periodCount") ? reader.int("periodCount", in: 1...999) : 1
        var price: Decimal? = 0
        if let node = reader.member("price") {
            price = CatalogValues.price(node, path: reader.path.appending("price"), log: log, currencyCode: currency)
            if mode == .freeTrial, let value = price, value != 0 {
                log.error(
                    reader.path.appending("price"), at: node.location,
                    "a free trial costs nothing; remove \"price\" or use the mode \"payAsYouGo\" or \"payUpFront\"")
                return nil
            }
        } else if mode == .payAsYouGo || mode == .payUpFront {
            log.error(
                reader.path.appending("price"), at: reader.node.location,
                "missing required member \"price\": what the customer pays during the offer")
            return nil
        }
        guard let mode, let period, let count, let price else { return nil }
        if let problem = IntroductoryOffer.durationProblem(period: period, count: count) {
            log.error(
                reader.path.appending("periodCount"),
                at: reader.member("periodCount")?.location ?? reader.node.location,
                problem)
            return nil
        }
        return IntroductoryOffer(paymentMode: mode, period: period, periodCount: count, price: price)
    }
}

import FoundationEssentials

/// Reads the offers of one `.storekit` subscription: the introductory offer, the promotional
/// (`adHocOffers`) and win-back (`winbackOffers`) offers, and the offer codes (`codeOffers`).
///
/// The introductory offer's problems are errors, as they were before the other offers were read.
/// Those others are newer in the format and their keys are the least settled, so one that cannot
/// be read is skipped with a warning and its product is still sold.
struct StoreKitOfferReader {
    let log: DiagnosticLog
    let currencyCode: String

    static let paymentModes: [String: IntroductoryOffer.PaymentMode] = [
        "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
    ]
    static let listedKinds: [(key: String, kind: SubscriptionOffer.Kind)] = [
        ("adHocOffers", .promotional), ("winbackOffers", .winBack),
    ]

    /// The introductory offer from `introductoryOffer`, or from the first entry of the newer
    /// `introductoryOffers` array; nil (with a diagnostic) when it cannot be read.
    func introductoryOffer(of node: JSONNode, path: JSONPath) -> IntroductoryOffer? {
        if let single = node["introductoryOffer"], single.members != nil {
            return terms(
                of: single, path: path.appending("introductoryOffer"), what: "the introductory offer", log: log)
        }
        if let first = node["introductoryOffers"]?.arrayValue?.first, first.members != nil {
            let firstPath = path.appending("introductoryOffers").appending(index: 0)
            return terms(of: first, path: firstPath, what: "the introductory offer", log: log)
        }
        return nil
    }

    /// The subscription's promotional and win-back offers (each offer id once) and its offer
    /// codes; `takenCodes` holds the codes of the file so far, uppercased, since a code is typed
    /// without regard to case and names one offer in the whole file.
    func offers(of node: JSONNode, productID: String, path: JSONPath, takenCodes: inout Set<String>)
        -> (offers: [SubscriptionOffer], codes: [SubscriptionOffer])
    {
        var offers: [SubscriptionOffer] = []
        var ids: Set<String> = []
        for (key, kind) in Self.listedKinds {
            for (index, entry) in (node[key]?.arrayValue ?? []).enumerated() {
                let entryPath = path.appending(key).appending(index: index)
                guard let offer = offer(entry, kind: kind, productID: productID, path: entryPath) else { continue }
                guard ids.insert(offer.id).inserted else {
                    log.warning(
                        entryPath, at: entry.location,
                        "offer id \"\(SafeText.sanitize(offer.id))\" is used twice in this subscription; "
                            + "the second offer is skipped")
                    continue
                }
                offers.append(offer)
            }
        }
        var codes: [SubscriptionOffer] = []
        for (index, entry) in (node["codeOffers"]?.arrayValue ?? []).enumerated() {
            let entryPath = path.appending("codeOffers").appending(index: index)
            guard let code = offer(entry, kind: .code, productID: productID, path: entryPath) else { continue }
            guard takenCodes.insert(code.id.uppercased()).inserted else {
                log.warning(
                    entryPath, at: entry.location,
                    "offer code \"\(SafeText.sanitize(code.id))\" is in the file twice (codes are compared without "
                        + "regard to case); the second is skipped")
                continue
            }
            codes.append(code)
        }
        return (offers, codes)
    }

    /// One promotional, win-back or code offer; nil, after a warning, when it cannot be read.
    private func offer(_ node: JSONNode, kind: SubscriptionOffer.Kind, productID: String, path: JSONPath)
        -> SubscriptionOffer?
    {
        let what = "the \(Self.name(of: kind))"
        guard node.members != nil else {
            log.warning(path, at: node.location, "expected an offer object, found \(node.kindName); it is skipped")
            return nil
        }
        guard let id = identifier(of: node, kind: kind, path: path) else { return nil }
        // The terms are read as the introductory offer's are, their errors made warnings.
        let termsLog = DiagnosticLog(file: log.file)
        let terms = terms(of: node, path: path, what: what, log: termsLog)
        for var diagnostic in termsLog.diagnostics {
            if diagnostic.severity == .error { diagnostic.message += "; the offer is skipped" }
            diagnostic.severity = .warning
            log.append(diagnostic)
        }
        guard let terms, let eligibility = eligibility(of: node, kind: kind, path: path) else { return nil }
        let condition = kind == .winBack ? StoreKitWinBackCondition(log: log).read(node, path: path) : nil
        if let minimum = condition?.minimumMonthsSinceLapse, let maximum = condition?.maximumMonthsSinceLapse,
            minimum > maximum
        {
            log.warning(
                path, at: node.location,
                "nobody lapsed at least \(minimum) and at most \(maximum) months ago; \(what) is skipped")
            return nil
        }
        if kind == .winBack && !eligibility.contains(.expired) {
            log.warning(
                path.appending("eligibility"), at: node["eligibility"]?.location ?? node.location,
                "a win-back offer is for lapsed subscribers; without \"expired\" it can never apply")
        }
        return SubscriptionOffer(
            kind: kind, id: id, productID: productID, terms: terms, eligibility: eligibility,
            referenceName: StoreKitImporter.nonEmptyString(node["referenceName"]), winBack: condition)
    }

    static func name(of kind: SubscriptionOffer.Kind) -> String {
        switch kind {
        case .promotional: return "promotional offer"
        case .winBack: return "win-back offer"
        case .code: return "offer code"
        }
    }

    /// The offer's id: `offerID`, else `internalID`. For a code, what the customer types:
    /// `offerID`, else `referenceName` without its spaces, else `internalID`.
    private func identifier(of node: JSONNode, kind: SubscriptionOffer.Kind, path: JSONPath) -> String? {
        let named =
            kind == .code
            ? StoreKitImporter.nonEmptyString(node["referenceName"]).map { String($0.filter { !$0.isWhitespace }) }
            : nil
        guard
            let id = StoreKitImporter.nonEmptyString(node["offerID"]) ?? named
                ?? StoreKitImporter.nonEmptyString(node["internalID"])
        else {
            let keys = kind == .code ? "offerID, referenceName or internalID" : "offerID or internalID"
            log.warning(path, at: node.location, "the \(Self.name(of: kind)) has no \(keys); it is skipped")
            return nil
        }
        guard kind == .code else { return id }
        if let problem = OfferCodeSpelling.problem(with: id) {
            log.warning(
                path, at: node.location,
                "the offer code \"\(SafeText.excerpt(id))\" \(problem); it is skipped")
            return nil
        }
        return id
    }

    /// Who may take the offer (`eligibility`: "new", "existing", "expired"); the kind's default
    /// when the file gives none, nil (after a warning) when it names none this reader knows.
    private func eligibility(of node: JSONNode, kind: SubscriptionOffer.Kind, path: JSONPath)
        -> Set<SubscriptionOffer.Eligibility>?
    {
        let fallback = SubscriptionOffer.defaultEligibility(of: kind)
        guard let list = node["eligibility"], !list.isNull else { return fallback }
        let listPath = path.appending("eligibility")
        guard let items = list.arrayValue else {
            log.warning(
                listPath, at: list.location,
                "expected an array of \"new\", \"existing\" and \"expired\", found \(list.kindName); the default applies"
            )
            return fallback
        }
        if items.isEmpty { return fallback }
        var eligibility: Set<SubscriptionOffer.Eligibility> = []
        for (index, item) in items.enumerated() {
            guard let entry = item.stringValue.flatMap(SubscriptionOffer.Eligibility.init(rawValue:)) else {
                log.warning(
                    listPath.appending(index: index), at: item.location,
                    "unknown eligibility (expected \"new\", \"existing\" or \"expired\"); it is ignored")
                continue
            }
            eligibility.insert(entry)
        }
        if eligibility.isEmpty {
            log.warning(listPath, at: list.location, "no eligibility is known; the \(Self.name(of: kind)) is skipped")
            return nil
        }
        return eligibility
    }

    /// What an offer's customer pays and for how long (`paymentMode`, `subscriptionPeriod`,
    /// `numberOfPeriods`, `displayPrice`); `billingPlanType` is not needed to simulate it.
    private func terms(of offerNode: JSONNode, path offerPath: JSONPath, what: String, log: DiagnosticLog)
        -> IntroductoryOffer?
    {
        guard let modeName = offerNode["paymentMode"]?.stringValue, let mode = Self.paymentModes[modeName] else {
            log.warning(
                offerPath.appending("paymentMode"), at: offerNode["paymentMode"]?.location ?? offerNode.location,
                "unknown payment mode (expected free, payAsYouGo or payUpFront); \(what) is ignored")
            return nil
        }
        guard let periodNode = offerNode["subscriptionPeriod"], !periodNode.isNull else {
            log.error(offerPath, at: offerNode.location, "\(what) has no subscriptionPeriod")
            return nil
        }
        guard let period = CatalogValues.period(periodNode, path: offerPath.appending("subscriptionPeriod"), log: log)
        else { return nil }
        // Xcode leaves numberOfPeriods out for single-period offers.
        let count = StoreKitProductReader.wholeNumber(offerNode["numberOfPeriods"]) ?? 1
        guard count >= 1 && count <= 999 else {
            log.error(
                offerPath.appending("numberOfPeriods"), at: offerNode["numberOfPeriods"]?.location,
                "numberOfPeriods must be from 1 to 999")
            return nil
        }
        if let problem = IntroductoryOffer.durationProblem(period: period, count: count) {
            log.error(
                offerPath.appending("numberOfPeriods"),
                at: offerNode["numberOfPeriods"]?.location ?? offerNode.location,
                problem)
            return nil
        }
        var price: Decimal = 0
        if mode != .freeTrial {
            guard let priceNode = offerNode["displayPrice"], !priceNode.isNull else {
                log.error(offerPath, at: offerNode.location, "\(what) has no displayPrice")
                return nil
            }
            guard
                let parsed = CatalogValues.price(
                    priceNode, path: offerPath.appending("displayPrice"), log: log, currencyCode: currencyCode,
                    strictDecimals: false)
            else { return nil }
            price = parsed
        }
        return IntroductoryOffer(paymentMode: mode, period: period, periodCount: count, price: price)
    }
}

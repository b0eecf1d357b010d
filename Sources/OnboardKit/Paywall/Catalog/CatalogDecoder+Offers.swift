import FoundationEssentials

extension CatalogDecoder {
    static let offerKeys: Set<String> = [
        "kind", "id", "mode", "period", "periodCount", "price", "eligibility", "referenceName", "winBack",
    ]
    static let winBackKeys: Set<String> = ["minimumPaidMonths", "minimumMonthsSinceLapse", "maximumMonthsSinceLapse"]
    /// The kinds a product's "offers" may have: codes are the catalog's, under "offerCodes".
    static let productOfferKinds: [SubscriptionOffer.Kind] = [.promotional, .winBack]
    /// The months a win-back condition may count.
    static let winBackMonths = 1...999

    /// Reads a product's "offers": promotional and win-back offers, each id once in the product;
    /// nil when any of them has an error.
    func readOffers(_ items: [(node: JSONNode, path: JSONPath)], productID: String, currency: String?)
        -> [SubscriptionOffer]?
    {
        var offers: [SubscriptionOffer] = []
        var seen: [String: SourceLocation] = [:]
        var valid = true
        for (node, itemPath) in items {
            guard let reader = JSONObjectReader(node, path: itemPath, log: log) else {
                valid = false
                continue
            }
            reader.warnUnknownKeys(Self.offerKeys)
            var id = reader.string("id", required: true, nonEmpty: true)
            let idLocation = reader.member("id")?.location
            if let known = id, let first = seen[known] {
                log.error(
                    itemPath.appending("id"), at: idLocation,
                    "duplicate offer id \"\(SafeText.sanitize(known))\" in this product (first at \(first))")
                id = nil
            } else if let known = id {
                seen[known] = idLocation ?? node.location
            }
            guard let offer = readOffer(reader, id: id, productID: productID, currency: currency) else {
                valid = false
                continue
            }
            offers.append(offer)
        }
        return valid ? offers : nil
    }

    /// One of a product's offers; every member is read even when `id` is nil (already
    /// reported), so that all of its problems are reported together.
    private func readOffer(_ reader: JSONObjectReader, id: String?, productID: String, currency: String?)
        -> SubscriptionOffer?
    {
        let kind = readProductOfferKind(reader)
        let terms = readOfferTerms(reader, currency: currency)
        let eligibility = readEligibility(
            reader, default: SubscriptionOffer.defaultEligibility(of: kind ?? .promotional))
        let referenceName = reader.string("referenceName", nonEmpty: true)
        var winBack: WinBackCondition?
        var winBackValid = true
        if let winBackReader = reader.object("winBack") {
            winBack = readWinBackCondition(winBackReader)
            winBackValid = winBack != nil
            if kind != nil && kind != .winBack {
                log.error(
                    winBackReader.path, at: winBackReader.node.location,
                    "\"winBack\" applies only to win-back offers (kind \"winBack\")")
                winBackValid = false
            }
        } else if reader.has("winBack") {
            winBackValid = false
        }
        guard let kind, let id, let terms, let eligibility, winBackValid else { return nil }
        if kind == .winBack && !eligibility.contains(.expired) {
            log.warning(
                reader.path.appending("eligibility"), at: reader.member("eligibility")?.location,
                "a win-back offer is for lapsed subscribers; without \"expired\" it can never apply")
        }
        return SubscriptionOffer(
            kind: kind, id: id, productID: productID, terms: terms, eligibility: eligibility,
            referenceName: referenceName, winBack: winBack)
    }

    private func readProductOfferKind(_ reader: JSONObjectReader) -> SubscriptionOffer.Kind? {
        guard let name = reader.string("kind", required: true) else { return nil }
        if let kind = SubscriptionOffer.Kind(rawValue: name), Self.productOfferKinds.contains(kind) { return kind }
        if name == SubscriptionOffer.Kind.code.rawValue {
            log.error(
                reader.path.appending("kind"), at: reader.member("kind")?.location,
                "offer codes are listed under the catalog's \"offerCodes\", each with the \"product\" it subscribes to")
            return nil
        }
        let names = Self.productOfferKinds.map(\.rawValue)
        log.error(
            reader.path.appending("kind"), at: reader.member("kind")?.location,
            "unknown offer kind \"\(SafeText.sanitize(name))\"\(CatalogValues.suggestion(for: name, in: names)); "
                + "expected " + names.map { "\"\($0)\"" }.joined(separator: " or "))
        return nil
    }

    /// An offer's "eligibility": who may take it, by where they stand in the product's
    /// subscription group; `fallback` when absent, nil after an error.
    func readEligibility(_ reader: JSONObjectReader, default fallback: Set<SubscriptionOffer.Eligibility>)
        -> Set<SubscriptionOffer.Eligibility>?
    {
        guard reader.has("eligibility") else { return fallback }
        guard let items = reader.array("eligibility") else { return nil }
        let names = SubscriptionOffer.Eligibility.allCases.map(\.rawValue)
        let expected = "expected " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        if items.isEmpty {
            log.error(
                reader.path.appending("eligibility"), at: reader.member("eligibility")?.location,
                "nobody may take an offer with no eligibility; list some of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), "
                    + "or leave \"eligibility\" out for the default")
            return nil
        }
        var eligibility: Set<SubscriptionOffer.Eligibility> = []
        var valid = true
        for (node, itemPath) in items {
            guard let name = node.stringValue else {
                log.error(itemPath, at: node.location, "\(expected), found \(node.kindName)")
                valid = false
                continue
            }
            guard let entry = SubscriptionOffer.Eligibility(rawValue: name) else {
                log.error(
                    itemPath, at: node.location,
                    "unknown eligibility \"\(SafeText.sanitize(name))\"\(CatalogValues.suggestion(for: name, in: names)); "
                        + expected)
                valid = false
                continue
            }
            if !eligibility.insert(entry).inserted {
                log.warning(itemPath, at: node.location, "\"\(name)\" is listed twice")
            }
        }
        return valid ? eligibility : nil
    }

    /// A win-back offer's "winBack": how long the customer paid and how long ago they lapsed.
    private func readWinBackCondition(_ reader: JSONObjectReader) -> WinBackCondition? {
        reader.warnUnknownKeys(Self.winBackKeys)
        let paid = reader.int("minimumPaidMonths", in: Self.winBackMonths)
        let minimum = reader.int("minimumMonthsSinceLapse", in: Self.winBackMonths)
        let maximum = reader.int("maximumMonthsSinceLapse", in: Self.winBackMonths)
        let read: [String: Int?] = [
            "minimumPaidMonths": paid, "minimumMonthsSinceLapse": minimum, "maximumMonthsSinceLapse": maximum,
        ]
        guard read.allSatisfy({ key, value in value != nil || !reader.has(key) }) else { return nil }
        if let minimum, let maximum, minimum > maximum {
            log.error(
                reader.path.appending("maximumMonthsSinceLapse"),
                at: reader.member("maximumMonthsSinceLapse")?.location,
                "the offer can never apply: nobody lapsed at least \(minimum) and at most \(maximum) months ago")
            return nil
        }
        return WinBackCondition(
            minimumPaidMonths: paid, minimumMonthsSinceLapse: minimum, maximumMonthsSinceLapse: maximum)
    }
}

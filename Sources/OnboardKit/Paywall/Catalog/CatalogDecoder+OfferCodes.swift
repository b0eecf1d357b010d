import FoundationEssentials

extension CatalogDecoder {
    static let offerCodeKeys: Set<String> = [
        "code", "product", "mode", "period", "periodCount", "price", "eligibility", "referenceName",
    ]

    /// Reads "offerCodes" after the products: codes a customer types, each subscribing to one
    /// auto-renewable product. Codes are compared without regard to case, as a customer types
    /// them, so "WELCOME" and "welcome" are one code; the StoreKit files' codes come first.
    func readOfferCodes(_ document: JSONObjectReader) -> [SubscriptionOffer] {
        var codes = storeKitOfferCodes.map(\.offer)
        var seen: [String: String] = [:]
        for (offer, file) in storeKitOfferCodes { seen[offer.id.uppercased()] = "in \(SafeText.sanitize(file))" }
        guard let items = document.array("offerCodes") else { return codes }
        for (node, itemPath) in items {
            guard let reader = JSONObjectReader(node, path: itemPath, log: log) else { continue }
            reader.warnUnknownKeys(Self.offerCodeKeys)
            var code = readCode(reader)
            if let known = code {
                let codeLocation = reader.member("code")?.location
                if let first = seen[known.uppercased()] {
                    log.error(
                        itemPath.appending("code"), at: codeLocation,
                        "duplicate offer code \"\(SafeText.sanitize(known))\" (first defined \(first)); "
                            + "codes are compared without regard to case")
                    code = nil
                } else {
                    seen[known.uppercased()] = codeLocation.map { "at \($0)" } ?? "above"
                }
            }
            let product = readCodeProduct(reader)
            let terms = readOfferTerms(reader, currency: product?.currencyCode)
            let eligibility = readEligibility(reader, default: SubscriptionOffer.defaultEligibility(of: .code))
            let referenceName = reader.string("referenceName", nonEmpty: true)
            guard let code, let product, let terms, let eligibility else { continue }
            codes.append(
                SubscriptionOffer(
                    kind: .code, id: code, productID: product.id, terms: terms, eligibility: eligibility,
                    referenceName: referenceName))
        }
        return codes
    }

    private func readCode(_ reader: JSONObjectReader) -> String? {
        guard let code = reader.string("code", required: true) else { return nil }
        if let problem = OfferCodeSpelling.problem(with: code) {
            log.error(
                reader.path.appending("code"), at: reader.member("code")?.location,
                "\"\(SafeText.excerpt(code))\" \(problem)")
            return nil
        }
        return code
    }

    /// The auto-renewable product an offer code's "product" names; nil after an error, or when
    /// the product is declared but broken (reported already).
    private func readCodeProduct(_ reader: JSONObjectReader) -> Product? {
        guard let id = reader.string("product", required: true, nonEmpty: true) else { return nil }
        let location = reader.member("product")?.location
        guard let product = products[id] else {
            if isUnknownProduct(id) {
                log.error(
                    reader.path.appending("product"), at: location,
                    "unknown product \"\(SafeText.sanitize(id))\""
                        + CatalogValues.suggestion(for: id, in: declaredProductIDs, log: log))
            }
            return nil
        }
        guard product.type == .autoRenewable else {
            log.error(
                reader.path.appending("product"), at: location,
                "\"\(SafeText.sanitize(id))\" is a \(product.type.rawValue) product; offer codes subscribe to "
                    + "auto-renewable subscriptions (type \"autoRenewable\")")
            return nil
        }
        return product
    }
}

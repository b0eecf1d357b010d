import FoundationEssentials

extension CatalogDecoder {
    static let licensingKeys: Set<String> = ["mode", "publicKeys", "keygenProduct", "accountURL"]

    /// Reads "licensing": the mode and the vendor's public keys, each checked where it stands.
    /// In `signed` mode, a product sold with no checkout address is a warning: it could only
    /// ever be bought in the simulation.
    func readLicensing(_ document: JSONObjectReader, offerings: [Offering]) -> Licensing? {
        guard let reader = document.object("licensing") else { return nil }
        reader.warnUnknownKeys(Self.licensingKeys)
        var mode: Licensing.Mode?
        if let text = reader.string("mode", required: true) {
            mode = Licensing.Mode(rawValue: text)
            if mode == nil {
                log.error(
                    reader.path.appending("mode"), at: reader.member("mode")?.location,
                    "\"\(SafeText.sanitize(text))\" is not a licensing mode; use \"signed\" (only licenses grant) or "
                        + "\"mixed\" (licenses and simulated purchases)")
            }
        }
        var keys: [LicensePublicKey] = []
        var keysValid = true
        if let items = reader.array("publicKeys", required: true) {
            if items.isEmpty {
                log.error(
                    reader.path.appending("publicKeys"), at: reader.member("publicKeys")?.location,
                    "no public keys: add at least one \"ed25519:<64 hex digits>\" (tui-onboard-license keygen prints it)"
                )
                keysValid = false
            }
            for (node, path) in items {
                guard let text = node.stringValue else {
                    log.error(path, at: node.location, "expected a public key string, found \(node.kindName)")
                    keysValid = false
                    continue
                }
                switch LicensePublicKey.parse(text) {
                case .success(let key): keys.append(key)
                case .failure(let problem):
                    log.error(
                        path, at: node.location, "\"\(SafeText.excerpt(text))\" is not a public key: \(problem.reason)")
                    keysValid = false
                }
            }
        }
        let keygenProduct = reader.string("keygenProduct", nonEmpty: true)
        // Where a customer checks out a new license file when theirs expires (their account page).
        let accountURL = reader.member("accountURL").flatMap {
            CatalogValues.webURL($0, path: reader.path.appending("accountURL"), log: log)
        }
        guard let mode, keysValid, !keys.isEmpty else { return nil }
        if mode == .signed { warnAboutProductsWithoutCheckout(offerings) }
        return Licensing(
            mode: mode, publicKeys: keys, keygenProduct: keygenProduct, accountURL: accountURL?.absoluteString)
    }

    private func warnAboutProductsWithoutCheckout(_ offerings: [Offering]) {
        var warned = Set<String>()
        for product in offerings.flatMap({ $0.packages.map(\.product) }) where product.checkout == nil {
            guard warned.insert(product.id).inserted else { continue }
            let origin = productOrigins[product.id]
            log.warning(
                origin?.path ?? .root.appending("licensing"), at: origin?.location,
                "product \"\(SafeText.sanitize(product.id))\" has no \"checkout\": in signed mode it can only be "
                    + "bought in the simulation, which grants nothing; add \"checkout\": {\"url\": \"https://…?ref={ref}\"}"
            )
        }
    }

    /// Reads a product's "checkout": a web address, `{ref}` where the checkout's reference goes.
    func readCheckout(_ reader: JSONObjectReader) -> ProductCheckout? {
        reader.warnUnknownKeys(["url"])
        guard let node = reader.member("url") else {
            log.error(
                reader.path, at: reader.node.location, "a checkout needs its \"url\", such as \"https://…?ref={ref}\"")
            return nil
        }
        guard let text = node.stringValue else {
            log.error(reader.path.appending("url"), at: node.location, "expected a URL string, found \(node.kindName)")
            return nil
        }
        let checkout = ProductCheckout(urlTemplate: text)
        let sample = JSONNode(
            value: .string(checkout.url(reference: "0123456789ABCDEFGHJKMNPQRS")), location: node.location)
        guard CatalogValues.webURL(sample, path: reader.path.appending("url"), log: log) != nil else { return nil }
        if text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0.value > 0x7E }) {
            log.error(
                reader.path.appending("url"), at: node.location,
                "a checkout address may hold no spaces, controls or non-ASCII characters (percent-encode them)")
            return nil
        }
        if !checkout.carriesReference {
            log.warning(
                reader.path.appending("url"), at: node.location,
                "the checkout address has no {ref}: the payment cannot be matched to this checkout's pairing code")
        }
        return checkout
    }
}

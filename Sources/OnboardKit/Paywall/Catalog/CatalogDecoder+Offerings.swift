import FoundationEssentials

extension CatalogDecoder {
    static let entitlementKeys: Set<String> = ["id", "displayName", "products"]
    static let offeringKeys: Set<String> = ["id", "packages", "defaultPackage", "copy", "tiers", "comparison"]
    static let packageKeys: Set<String> = ["id", "product", "badge"]
    static let copyKeys: Set<String> = [
        "title", "subtitle", "features", "callToAction", "callToActionWithIntroOffer", "disclosure",
    ]

    func readEntitlements(_ document: JSONObjectReader) -> [Entitlement] {
        guard let items = document.array("entitlements") else { return [] }
        var entitlements: [Entitlement] = []
        var seen: [String: SourceLocation] = [:]
        for (node, itemPath) in items {
            guard let reader = JSONObjectReader(node, path: itemPath, log: log) else { continue }
            reader.warnUnknownKeys(Self.entitlementKeys)
            let id = reader.string("id", required: true, nonEmpty: true)
            if let id, let first = seen[id] {
                log.error(
                    itemPath.appending("id"), at: reader.member("id")?.location,
                    "duplicate entitlement id \"\(SafeText.sanitize(id))\" (first defined at \(first))")
                continue
            }
            if let id { seen[id] = reader.member("id")?.location ?? node.location }
            let displayName = text("displayName", in: reader, required: true, nonEmpty: true)
            let productIDs = readProductReferences(reader)
            guard let id, let displayName, let productIDs else { continue }
            entitlements.append(Entitlement(id: id, displayName: displayName, productIDs: productIDs))
        }
        return entitlements
    }

    /// The entitlement's "products": ids of declared products.
    private func readProductReferences(_ reader: JSONObjectReader) -> [String]? {
        guard let items = reader.array("products", required: true) else { return nil }
        if items.isEmpty {
            log.warning(
                reader.path.appending("products"), at: reader.member("products")?.location,
                "no product grants this entitlement")
        }
        var ids: [String] = []
        var listed: Set<String> = []
        var valid = true
        for (node, itemPath) in items {
            guard let id = node.stringValue else {
                log.error(itemPath, at: node.location, "expected a product id string, found \(node.kindName)")
                valid = false
                continue
            }
            guard declaredProductIDs.contains(id) else {
                if isUnknownProduct(id) {
                    log.error(
                        itemPath, at: node.location,
                        "unknown product \"\(SafeText.sanitize(id))\""
                            + CatalogValues.suggestion(for: id, in: declaredProductIDs, log: log)
                    )
                }
                valid = false
                continue
            }
            // A set, not the array: an entitlement may list tens of thousands of products.
            guard listed.insert(id).inserted else {
                log.warning(itemPath, at: node.location, "\"\(SafeText.excerpt(id))\" is listed twice")
                continue
            }
            ids.append(id)
        }
        return valid ? ids : nil
    }

    func readOfferings(_ document: JSONObjectReader) -> [Offering] {
        guard let items = document.array("offerings", required: true) else { return [] }
        if items.isEmpty {
            log.error(
                .root.appending("offerings"), at: document.member("offerings")?.location,
                "there are no offerings; a paywall needs at least one")
        }
        var offerings: [Offering] = []
        var seen: [String: SourceLocation] = [:]
        for (node, itemPath) in items {
            guard let reader = JSONObjectReader(node, path: itemPath, log: log) else { continue }
            reader.warnUnknownKeys(Self.offeringKeys)
            guard let id = reader.string("id", required: true, nonEmpty: true) else { continue }
            if let first = seen[id] {
                log.error(
                    itemPath.appending("id"), at: reader.member("id")?.location,
                    "duplicate offering id \"\(SafeText.sanitize(id))\" (first defined at \(first))")
                continue
            }
            seen[id] = reader.member("id")?.location ?? node.location
            declaredOfferingIDs.insert(id)
            if let offering = readOffering(reader, id: id) { offerings.append(offering) }
        }
        return offerings
    }

    private func readOffering(_ reader: JSONObjectReader, id: String) -> Offering? {
        guard let items = reader.array("packages", required: true) else { return nil }
        if items.isEmpty {
            log.error(
                reader.path.appending("packages"), at: reader.member("packages")?.location,
                "the offering has no packages")
        }
        var packages: [Package] = []
        var valid = !items.isEmpty
        var seen: [String: SourceLocation] = [:]
        for (node, itemPath) in items {
            guard let package = readPackage(node, path: itemPath, seen: &seen) else {
                valid = false
                continue
            }
            packages.append(package)
        }
        var defaultPackageID: String?
        if let defaultID = reader.string("defaultPackage", nonEmpty: true) {
            if seen[defaultID] != nil {
                defaultPackageID = defaultID
            } else {
                log.error(
                    reader.path.appending("defaultPackage"), at: reader.member("defaultPackage")?.location,
                    "no package of this offering has the id \"\(SafeText.sanitize(defaultID))\""
                        + CatalogValues.suggestion(for: defaultID, in: seen.keys, log: log))
                valid = false
            }
        }
        let currencies = Set(packages.map(\.product.currencyCode))
        if currencies.count > 1 {
            log.warning(
                reader.path.appending("packages"), at: reader.member("packages")?.location,
                "the packages are priced in different currencies (\(currencies.sorted().joined(separator: ", "))); "
                    + "savings are compared only within one currency")
        }
        var copy = PaywallCopy.standard
        if let copyReader = reader.object("copy") {
            guard let decoded = readCopy(copyReader) else { return nil }
            copy = decoded
        }
        let packageIDs = Set(packages.map(\.identifier))
        guard let tiers = readTiers(reader, packageIDs: packageIDs),
            let comparison = readComparison(reader, columnIDs: packageIDs.union(tiers.map(\.id)))
        else { return nil }
        guard valid else { return nil }
        var offering = Offering(id: id, packages: packages, defaultPackageID: defaultPackageID, copy: copy)
        offering.tiers = tiers
        offering.comparison = comparison
        return offering
    }

    private func readPackage(_ node: JSONNode, path itemPath: JSONPath, seen: inout [String: SourceLocation])
        -> Package?
    {
        guard let reader = JSONObjectReader(node, path: itemPath, log: log) else { return nil }
        reader.warnUnknownKeys(Self.packageKeys)
        let identifier = reader.string("id", required: true, nonEmpty: true)
        let productID = reader.string("product", required: true, nonEmpty: true)
        guard let identifier, let productID else { return nil }
        let idLocation = reader.member("id")?.location
        if let first = seen[identifier] {
            log.error(
                itemPath.appending("id"), at: idLocation,
                "duplicate package id \"\(SafeText.sanitize(identifier))\" in this offering (first at \(first))")
            return nil
        }
        seen[identifier] = idLocation ?? node.location
        let type = PackageType(identifier: identifier)
        if type == .custom && identifier.hasPrefix("$rc_") {
            log.warning(
                itemPath.appending("id"), at: idLocation,
                "\"\(SafeText.sanitize(identifier))\" is not one of RevenueCat's package types"
                    + Self.reservedSuggestion(for: identifier) + "; it is treated as a custom package")
        }
        guard let product = products[productID] else {
            if isUnknownProduct(productID) {
                log.error(
                    itemPath.appending("product"), at: reader.member("product")?.location,
                    "unknown product \"\(SafeText.sanitize(productID))\""
                        + CatalogValues.suggestion(for: productID, in: declaredProductIDs, log: log))
            }
            return nil
        }
        warnAboutMismatch(type: type, identifier: identifier, product: product, path: itemPath, location: idLocation)
        var package = Package(identifier: identifier, product: product)
        package.badge = readBadge(reader)
        return package
    }

    /// "did you mean" for a mistyped reserved identifier; common synonyms first, since
    /// `$rc_yearly` is closer in spelling to `$rc_weekly` than to `$rc_annual`.
    static func reservedSuggestion(for identifier: String) -> String {
        let synonyms: [String: PackageType] = [
            "$rc_yearly": .annual, "$rc_year": .annual, "$rc_annually": .annual, "$rc_12_month": .annual,
            "$rc_month": .monthly, "$rc_1_month": .monthly, "$rc_week": .weekly, "$rc_forever": .lifetime,
            "$rc_6_month": .sixMonth, "$rc_3_month": .threeMonth, "$rc_2_month": .twoMonth,
        ]
        if let reserved = synonyms[identifier.lowercased()]?.identifier { return " (did you mean \"\(reserved)\"?)" }
        return CatalogValues.suggestion(for: identifier, in: PackageType.reservedIdentifiers)
    }

    /// A `$rc_monthly` package selling a yearly product is almost always a mistake.
    private func warnAboutMismatch(
        type: PackageType, identifier: String, product: Product, path itemPath: JSONPath, location: SourceLocation?
    ) {
        let shown = "\"\(SafeText.sanitize(identifier))\""
        let productShown = "\"\(SafeText.sanitize(product.id))\""
        if type == .lifetime && product.type != .nonConsumable {
            log.warning(
                itemPath.appending("id"), at: location,
                "\(shown) sells \(productShown), which is not a non-consumable; lifetime packages sell one-time unlocks"
            )
        } else if let expected = type.expectedPeriod, product.subscriptionPeriod != expected {
            let actual = product.subscriptionPeriod.map { "lasts \($0.iso8601)" } ?? "has no period"
            log.warning(
                itemPath.appending("id"), at: location,
                "\(shown) expects a product lasting \(expected.iso8601), but \(productShown) \(actual)")
        }
    }

    private func readCopy(_ reader: JSONObjectReader) -> PaywallCopy? {
        reader.warnUnknownKeys(Self.copyKeys)
        func words(_ text: LocalizedText) -> String {
            log.reportUnknownVariables(in: text, asError: validates)
            return texts.choose(text).text
        }
        let title = reader.localizedText("title", required: true, nonEmpty: true).map(words)
        let subtitle = reader.localizedText("subtitle").map(words) ?? ""
        let callToAction =
            reader.localizedText("callToAction", nonEmpty: true).map(words) ?? PaywallCopy.standard.callToAction
        let withOffer = reader.localizedText("callToActionWithIntroOffer", nonEmpty: true).map(words)
        let disclosure = reader.localizedText("disclosure", nonEmpty: true).map(words)
        var features: [String] = []
        var valid = true
        for (node, itemPath) in reader.array("features") ?? [] {
            guard let text = LocalizedText.decode(node, path: itemPath, log: log, nonEmpty: false) else {
                valid = false
                continue
            }
            features.append(words(text))
        }
        guard valid, let title else { return nil }
        return PaywallCopy(
            title: title, subtitle: subtitle, features: features, callToAction: callToAction,
            callToActionWithIntroOffer: withOffer, disclosure: disclosure)
    }
}

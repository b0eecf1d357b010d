/// The catalog's paywall design: `"paywall"` for every paywall, an offering's `"tiers"` and
/// `"comparison"`, and a package's `"badge"`.
extension CatalogDecoder {
    static let tierKeys: Set<String> = ["id", "name", "features", "packages"]
    static let comparisonKeys: Set<String> = ["feature", "values"]

    func readPaywallDesign(_ document: JSONObjectReader) -> PaywallDesign {
        guard let reader = document.object("paywall") else { return PaywallDesign() }
        reader.warnUnknownKeys(PaywallDesign.memberNames)
        return PaywallDesign.decode(reader, log: log) { text in
            log.reportUnknownVariables(in: text, asError: validates)
            return texts.choose(text).text
        }
    }

    /// A package's badge, a copy template ("{{ savings }}").
    func readBadge(_ reader: JSONObjectReader) -> String? {
        guard let text = reader.localizedText("badge", nonEmpty: true) else { return nil }
        log.reportUnknownVariables(in: text, asError: validates)
        return texts.choose(text).text
    }

    /// The offering's tiers; each package in at most one, every id one of the offering's.
    func readTiers(_ reader: JSONObjectReader, packageIDs: Set<String>) -> [PaywallTier]? {
        guard let items = reader.array("tiers") else { return [] }
        var tiers: [PaywallTier] = []
        var valid = true
        var tierOf: [String: String] = [:]
        for (node, itemPath) in items {
            guard let tier = JSONObjectReader(node, path: itemPath, log: log) else {
                valid = false
                continue
            }
            tier.warnUnknownKeys(Self.tierKeys)
            let id = tier.string("id", required: true, nonEmpty: true)
            let name = text("name", in: tier, required: true, nonEmpty: true)
            var features: [String] = []
            for (featureNode, featurePath) in tier.array("features") ?? [] {
                guard let feature = LocalizedText.decode(featureNode, path: featurePath, log: log, nonEmpty: true)
                else {
                    valid = false
                    continue
                }
                features.append(texts.choose(feature).text)
            }
            var ids: [String] = []
            for (packageNode, packagePath) in tier.array("packages", required: true) ?? [] {
                guard let packageID = packageNode.stringValue, packageIDs.contains(packageID) else {
                    log.error(
                        packagePath, at: packageNode.location,
                        "expected the id of one of this offering's packages"
                            + (packageNode.stringValue.map {
                                CatalogValues.suggestion(for: $0, in: packageIDs, log: log)
                            } ?? ""))
                    valid = false
                    continue
                }
                if let other = tierOf[packageID] {
                    log.error(
                        packagePath, at: packageNode.location,
                        "\"\(SafeText.sanitize(packageID))\" is already in the tier \"\(SafeText.sanitize(other))\"")
                    valid = false
                    continue
                }
                tierOf[packageID] = id ?? ""
                ids.append(packageID)
            }
            guard let id, let name else {
                valid = false
                continue
            }
            tiers.append(PaywallTier(id: id, name: name, features: features, packageIDs: ids))
        }
        return valid ? tiers : nil
    }

    /// The comparison's rows: a feature and its value per tier or package id (true ✓, false ✗,
    /// or a text such as "5 GB").
    func readComparison(_ reader: JSONObjectReader, columnIDs: Set<String>) -> [ComparisonRow]? {
        guard let items = reader.array("comparison") else { return [] }
        var rows: [ComparisonRow] = []
        var valid = true
        for (node, itemPath) in items {
            guard let row = JSONObjectReader(node, path: itemPath, log: log) else {
                valid = false
                continue
            }
            row.warnUnknownKeys(Self.comparisonKeys)
            let feature = text("feature", in: row, required: true, nonEmpty: true)
            var cells: [String: ComparisonRow.Cell] = [:]
            if let values = row.object("values", required: true) {
                for member in values.node.members ?? [] {
                    let key = member.key
                    let valuePath = values.path.appending(key)
                    guard columnIDs.contains(key) else {
                        log.error(
                            valuePath, at: member.keyLocation,
                            "expected the id of a tier or a package of this offering"
                                + CatalogValues.suggestion(for: key, in: columnIDs, log: log))
                        valid = false
                        continue
                    }
                    if case .bool(let flag) = member.value.value {
                        cells[key] = flag ? .included : .excluded
                    } else if let value = text(key, in: values, nonEmpty: true) {
                        cells[key] = .value(value)
                    } else {
                        valid = false
                    }
                }
            }
            guard let feature else {
                valid = false
                continue
            }
            rows.append(ComparisonRow(feature: feature, cells: cells))
        }
        return valid ? rows : nil
    }
}

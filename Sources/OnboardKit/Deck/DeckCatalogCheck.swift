/// What `validate` finds wrong between a deck and its catalog: a paywall page with no catalog
/// to sell from, or one naming an offering the catalog does not have. Each problem points at
/// the deck's own text, line and column, as the deck's other errors do.
public enum DeckCatalogCheck {
    /// The deck names no catalog although it has a paywall page: at the deck's top object.
    public static func missingCatalog(file: String, root: JSONNode?) -> Diagnostic {
        Diagnostic(
            severity: .error, file: SafeText.sanitize(file), path: "catalog", location: root?.location,
            message: "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" or pass --catalog")
    }

    /// Each paywall page whose `offering` the catalog does not have, at that member, with the
    /// catalog's offerings and the closest of them. `root` is the deck's parsed text, for places.
    public static func unknownOfferings(in deck: Deck, catalog: Catalog, file: String, root: JSONNode?)
        -> [Diagnostic]
    {
        let known = catalog.offerings.map(\.id)
        let pageNodes = root?["pages"]?.arrayValue ?? []
        var found: [Diagnostic] = []
        for index in deck.pages.indices {
            guard case .paywall(let page) = deck.pages[index] else { continue }
            let node = pageNodes.indices.contains(index) ? pageNodes[index] : nil
            // The page's own offering, then its exit offer's.
            let named: [(id: String?, node: JSONNode?, path: String)] = [
                (page.offeringID, node, "pages[\(index)]"),
                (page.exitOffer?.page.offeringID, node?["exitOffer"], "pages[\(index)].exitOffer"),
            ]
            for (id, node, path) in named {
                guard let id, catalog.offering(id: id) == nil else { continue }
                let hint = Suggestions.closest(to: id, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" }
                found.append(
                    Diagnostic(
                        severity: .error, file: SafeText.sanitize(file), path: path + ".offering",
                        location: node?["offering"]?.location ?? node?.location,
                        message: "offering \"\(SafeText.sanitize(id))\" is not in the catalog (it has: "
                            + known.map { SafeText.sanitize($0) }.joined(separator: ", ") + ")" + (hint ?? "")))
            }
        }
        return found
    }

    /// Each `"when": {"entitled": ID}` naming an entitlement the catalog does not define, at
    /// that member, with the catalog's entitlements and the closest of them.
    public static func unknownEntitlements(in catalog: Catalog, file: String, root: JSONNode?) -> [Diagnostic] {
        let known = catalog.entitlements.map(\.id)
        let pageNodes = root?["pages"]?.arrayValue ?? []
        var found: [Diagnostic] = []
        for (index, page) in pageNodes.enumerated() {
            guard let when = page["when"] else { continue }
            for (id, node, path) in entitlementTests(in: when, path: "pages[\(index)].when") where !known.contains(id) {
                let hint = Suggestions.closest(to: id, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" }
                found.append(
                    Diagnostic(
                        severity: .error, file: SafeText.sanitize(file), path: path, location: node.location,
                        message: "entitlement \"\(SafeText.excerpt(id))\" is not in the catalog (it has: "
                            + known.map { SafeText.sanitize($0) }.joined(separator: ", ") + ")" + (hint ?? "")))
            }
        }
        return found
    }

    /// Every `"entitled"` string in a condition's text, with its node and path.
    static func entitlementTests(in node: JSONNode, path: String, depth: Int = 0) -> [(String, JSONNode, String)] {
        guard depth < 32 else { return [] }
        if let members = node.members {
            return members.flatMap { member -> [(String, JSONNode, String)] in
                let inner = path + "." + member.key
                if member.key == "entitled", let id = member.value.stringValue { return [(id, member.value, inner)] }
                return entitlementTests(in: member.value, path: inner, depth: depth + 1)
            }
        }
        return (node.arrayValue ?? []).enumerated().flatMap {
            entitlementTests(in: $0.element, path: path + "[\($0.offset)]", depth: depth + 1)
        }
    }
}

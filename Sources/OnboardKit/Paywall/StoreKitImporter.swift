import Foundation

/// Reads Xcode StoreKit configuration (`.storekit`) files: as a source of products for a
/// catalog, or as a whole catalog with one "default" offering.
///
/// No schema for the format is published and Xcode adds keys with every version, so the reader
/// is lenient: unknown keys are ignored, `null` counts as absent, and only what prevents a
/// product from being sold (no identifier, an unreadable price or period) is an error.
public enum StoreKitImporter {
    /// Loads a `.storekit` file as a whole catalog (see `catalog(from:)`).
    ///
    /// `userLocale` picks product names; nil uses the file's default locale.
    public static func load(path: String, fileReader: CatalogFileReader, userLocale: Locale? = nil) -> CatalogLoadResult
    {
        let log = DiagnosticLog(file: path)
        guard let bytes = CatalogFile.read(path, with: fileReader, log: log),
            let configuration = configuration(from: bytes, log: log, userLocale: userLocale)
        else { return CatalogLoadResult(catalog: nil, diagnostics: log.diagnostics) }
        if configuration.products.isEmpty {
            log.error(.root, at: nil, "the file has no products; add some in Xcode's StoreKit configuration editor")
        }
        return CatalogLoadResult(
            catalog: log.hasErrors ? nil : catalog(from: configuration), diagnostics: log.diagnostics)
    }

    /// Reads the products of a `.storekit` file, logging problems to `log`; nil when the file
    /// is not JSON or not an object.
    public static func configuration(from bytes: [UInt8], log: DiagnosticLog, userLocale: Locale?)
        -> StoreKitConfiguration?
    {
        guard let root = CatalogFile.parseJSON(bytes, log: log) else { return nil }
        guard root.members != nil else {
            log.error(.root, at: root.location, "expected a StoreKit configuration object, found \(root.kindName)")
            return nil
        }
        let settings = root["settings"]
        let defaultLocale = settings?["_locale"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let storefront = settings?["_storefront"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let currencyCode = currency(forStorefront: storefront, settings: settings, log: log)
        var reader = StoreKitProductReader(
            log: log, currencyCode: currencyCode, defaultLocale: defaultLocale, userLocale: userLocale)

        let productsPath = JSONPath.root.appending("products")
        for (index, node) in (root["products"]?.arrayValue ?? []).enumerated() {
            reader.readProduct(node, path: productsPath.appending(index: index), defaultType: nil, group: nil)
        }
        let passesPath = JSONPath.root.appending("nonRenewingSubscriptions")
        for (index, node) in (root["nonRenewingSubscriptions"]?.arrayValue ?? []).enumerated() {
            reader.readProduct(node, path: passesPath.appending(index: index), defaultType: .nonRenewing, group: nil)
        }
        let groupsPath = JSONPath.root.appending("subscriptionGroups")
        for (groupIndex, group) in (root["subscriptionGroups"]?.arrayValue ?? []).enumerated() {
            let groupName = nonEmptyString(group["name"]) ?? nonEmptyString(group["id"]) ?? "group \(groupIndex + 1)"
            let subscriptionsPath = groupsPath.appending(index: groupIndex).appending("subscriptions")
            for (index, node) in (group["subscriptions"]?.arrayValue ?? []).enumerated() {
                reader.readProduct(
                    node, path: subscriptionsPath.appending(index: index), defaultType: .autoRenewable, group: groupName
                )
            }
        }
        return StoreKitConfiguration(
            products: reader.products, storefront: storefront, currencyCode: currencyCode, defaultLocale: defaultLocale,
            privacyPolicy: privacyPolicy(root["appPolicies"], userLocale: userLocale, defaultLocale: defaultLocale))
    }

    /// A catalog made from the file alone: one offering "default" listing subscriptions, then
    /// one-time unlocks, then passes, then consumables; packages named after their period
    /// (`$rc_monthly` for `P1M`), the first non-consumable as `$rc_lifetime`, the rest by
    /// product id; one entitlement "pro" granted by everything but consumables.
    public static func catalog(from configuration: StoreKitConfiguration) -> Catalog {
        let products = configuration.products
        let ordered =
            products.filter { $0.type == .autoRenewable } + products.filter { $0.type == .nonConsumable }
            + products.filter { $0.type == .nonRenewing } + products.filter { $0.type == .consumable }
        var usedIdentifiers = Set<String>()
        var packages: [Package] = []
        for product in ordered {
            var identifier = product.id
            let guessed: PackageType?
            switch product.type {
            case .autoRenewable: guessed = product.subscriptionPeriod.flatMap(PackageType.init(period:))
            case .nonConsumable: guessed = .lifetime
            case .nonRenewing, .consumable: guessed = nil
            }
            if let reserved = guessed?.identifier, !usedIdentifiers.contains(reserved) { identifier = reserved }
            // Product ids are unique, but one could equal a reserved identifier already taken.
            while usedIdentifiers.contains(identifier) { identifier += "_" }
            usedIdentifiers.insert(identifier)
            packages.append(Package(identifier: identifier, product: product))
        }
        let defaultPackageID = packages.first { $0.packageType == .annual }?.identifier ?? packages.first?.identifier
        let offering = Offering(id: "default", packages: packages, defaultPackageID: defaultPackageID, copy: .standard)
        let granting = ordered.filter { $0.type != .consumable }.map(\.id)
        let entitlements = granting.isEmpty ? [] : [Entitlement(id: "pro", displayName: "Pro", productIDs: granting)]
        return Catalog(
            offerings: [offering], currentOfferingID: offering.id,
            products: Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            entitlements: entitlements, links: CatalogLinks(privacyPolicy: configuration.privacyPolicy))
    }

    static func currency(forStorefront storefront: String?, settings: JSONNode?, log: DiagnosticLog) -> String {
        let path = JSONPath.root.appending("settings").appending("_storefront")
        guard let storefront else {
            log.warning(
                path, at: settings?.location, "no storefront is set; prices are taken as USD (Xcode's default, USA)")
            return "USD"
        }
        guard let code = StorefrontCurrency.currencyCode(forStorefront: storefront) else {
            log.warning(
                path, at: settings?["_storefront"]?.location,
                "unknown storefront \"\(SafeText.sanitize(storefront))\"; prices are taken as USD")
            return "USD"
        }
        return code
    }

    /// The policy link for the user's locale, else the default locale's, else the first one.
    static func privacyPolicy(_ policies: JSONNode?, userLocale: Locale?, defaultLocale: String?) -> URL? {
        let entries = (policies?["policies"]?.arrayValue ?? []).compactMap { entry -> (locale: String, url: URL)? in
            guard let text = nonEmptyString(entry["policyURL"]), let url = URL(string: text),
                let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
            else { return nil }
            return (entry["locale"]?.stringValue ?? "", url)
        }
        let preferred = StoreKitLocalization.preference(userLocale: userLocale, defaultLocale: defaultLocale)
        for matches in preferred {
            if let entry = entries.first(where: { matches($0.locale) }) { return entry.url }
        }
        return entries.first?.url
    }

    static func nonEmptyString(_ node: JSONNode?) -> String? {
        guard let text = node?.stringValue, !text.trimmingWhitespace().isEmpty else { return nil }
        return text
    }
}

import FoundationEssentials

/// Reads Xcode StoreKit configuration (`.storekit`) files: as a source of products for a
/// catalog, or as a whole catalog with one "default" offering.
///
/// No schema for the format is published and Xcode adds keys with every version, so the reader
/// is lenient: unknown keys are ignored, `null` counts as absent, and only what prevents a
/// product from being sold (no identifier, an unreadable price or period) is an error.
public enum StoreKitImporter {
    /// Loads a `.storekit` file as a whole catalog (see `catalog(from:)`).
    ///
    /// `language` picks product names, as it picks every other text of the screen (see
    /// `StoreKitLocalization`).
    public static func load(
        path: String, fileReader: CatalogFileReader, language: LanguagePreference = LanguagePreference(tags: [])
    ) -> CatalogLoadResult {
        let log = DiagnosticLog(file: path)
        guard let bytes = CatalogFile.read(path, with: fileReader, log: log),
            let configuration = configuration(from: bytes, log: log, language: language)
        else { return CatalogLoadResult(catalog: nil, diagnostics: log.diagnostics) }
        if configuration.products.isEmpty {
            log.error(.root, at: nil, "the file has no products; add some in Xcode's StoreKit configuration editor")
        }
        warnAboutMissingLinks(configuration, log: log)
        return CatalogLoadResult(
            catalog: log.hasErrors ? nil : catalog(from: configuration), diagnostics: log.diagnostics)
    }

    /// Reads the products of a `.storekit` file, logging problems to `log`; nil when the file
    /// is not JSON or not an object.
    public static func configuration(from bytes: [UInt8], log: DiagnosticLog, language: LanguagePreference)
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
        var reader = StoreKitProductReader(log: log, currencyCode: currencyCode, language: language)

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
            privacyPolicy: privacyPolicy(root["appPolicies"], language: language),
            termsOfUse: webURL(root["appPolicies"]?["eula"]), offerCodes: reader.offerCodes,
            store: storeSettings(settings))
    }

    /// A catalog made from the file alone: one offering "default" listing subscriptions, then
    /// one-time unlocks, then passes, then consumables; packages named after their period
    /// (`$rc_monthly` for `P1M`), the rest by product id; one entitlement "pro" granted by
    /// everything but consumables. Non-consumables are not taken for lifetime unlocks: the file
    /// cannot say whether one is "Pro forever" or a car in a game.
    public static func catalog(from configuration: StoreKitConfiguration) -> Catalog {
        let products = configuration.products
        let ordered =
            products.filter { $0.type == .autoRenewable } + products.filter { $0.type == .nonConsumable }
            + products.filter { $0.type == .nonRenewing } + products.filter { $0.type == .consumable }
        var usedIdentifiers = Set<String>()
        var packages: [Package] = []
        for product in ordered {
            var identifier = product.id
            // Only an auto-renewable subscription's period is stated by the file.
            let guessed =
                product.type == .autoRenewable ? product.subscriptionPeriod.flatMap(PackageType.init(period:)) : nil
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
            entitlements: entitlements,
            links: CatalogLinks(privacyPolicy: configuration.privacyPolicy, termsOfUse: configuration.termsOfUse),
            offerCodes: configuration.offerCodes, store: configuration.store)
    }

    /// The file says only whether the billing grace period is on, not how long it lasts.
    static func storeSettings(_ settings: JSONNode?) -> StoreSettings {
        guard case .bool(true)? = settings?["_billingGracePeriodEnabled"]?.value else { return StoreSettings() }
        return StoreSettings(gracePeriod: StoreSettings.enabledGracePeriod)
    }

    /// The warning a JSON catalog gets when it sells subscriptions without both legal links;
    /// a StoreKit file rarely holds them, so the remedy is a JSON catalog around it.
    static func warnAboutMissingLinks(_ configuration: StoreKitConfiguration, log: DiagnosticLog) {
        guard configuration.products.contains(where: { $0.type == .autoRenewable }) else { return }
        var missing: [String] = []
        if configuration.privacyPolicy == nil { missing.append("privacyPolicy") }
        if configuration.termsOfUse == nil { missing.append("termsOfUse") }
        guard !missing.isEmpty else { return }
        log.warning(
            .root.appending("appPolicies"), at: nil,
            "a paywall selling subscriptions should link its privacy policy and terms of use; this file has no "
                + (missing.count == 2
                    ? "address for either"
                    : missing[0] == "privacyPolicy" ? "privacy policy address" : "terms of use address")
                + ": name it under \"storekit\" in a JSON catalog and add "
                + missing.map { "\"\($0)\": \"https://…\"" }.joined(separator: " and ") + " under \"links\"")
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

    /// The policy link in the reader's language, else English, else the first one.
    static func privacyPolicy(_ policies: JSONNode?, language: LanguagePreference) -> URL? {
        let entries = (policies?["policies"]?.arrayValue ?? []).compactMap { entry -> (locale: String, url: URL)? in
            guard let url = webURL(entry["policyURL"]) else { return nil }
            return (entry["locale"]?.stringValue ?? "", url)
        }
        let preferred = StoreKitLocalization.preference(language)
        for matches in preferred {
            if let entry = entries.first(where: { matches($0.locale) }) { return entry.url }
        }
        return entries.first?.url
    }

    /// An `http(s)` address, or nil (`eula` usually holds licence text, not an address).
    static func webURL(_ node: JSONNode?) -> URL? {
        guard let text = nonEmptyString(node), let url = URL(string: text.trimmingWhitespace()),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
        else { return nil }
        return url
    }

    static func nonEmptyString(_ node: JSONNode?) -> String? {
        guard let text = node?.stringValue, !text.trimmingWhitespace().isEmpty else { return nil }
        return text
    }
}

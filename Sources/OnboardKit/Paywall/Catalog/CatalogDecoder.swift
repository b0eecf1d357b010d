import FoundationEssentials

/// Reads tui-onboard's JSON catalog format (described in `docs/catalog-format.md`) into a
/// `Catalog`, reporting every problem with file, JSON path and line:column.
///
/// Products may also come from Xcode `.storekit` files named in the catalog, and a `.storekit`
/// file may stand in for the whole catalog.
public final class CatalogDecoder {
    /// Members of the top-level object.
    static let documentKeys: Set<String> = [
        "$schema", "formatVersion", "currency", "storekit", "currentOffering", "links", "products", "entitlements",
        "offerings", "licensing", "offerCodes", "store", "paywall",
    ]
    static let storeKeys: Set<String> = ["gracePeriod"]
    /// The newest format version this decoder reads.
    public static let formatVersion = 1

    let path: String
    let log: DiagnosticLog
    let fileReader: CatalogFileReader
    /// The reader's languages: they choose the catalog's texts and the StoreKit files' names.
    let language: LanguagePreference
    /// Chooses every text's language for the reader and keeps what each text has.
    let texts: TextLanguages
    /// `validate`'s stricter checks: unknown copy variables are errors in every language, and
    /// texts that miss a language the others have are named.
    let validates: Bool
    /// Decoded products by id.
    var products: [String: Product] = [:]
    /// Every product id declared anywhere, even when its product had errors, so that a broken
    /// product is reported once and not again by each reference to it.
    var declaredProductIDs: Set<String> = []
    /// Where each product id was declared, for duplicate and unused-product reports.
    var productOrigins: [String: (path: JSONPath, location: SourceLocation?, file: String)] = [:]
    /// True when a StoreKit file could not be read: references to products are then not
    /// judged, since the missing file may have declared them.
    var productSourcesIncomplete = false
    /// True when the catalog's "currency" was unreadable (and reported): products relying on
    /// it are not reported again.
    var defaultCurrencyInvalid = false
    /// Every offering id declared, even when its offering had errors.
    var declaredOfferingIDs: Set<String> = []
    /// The offer codes of the StoreKit files, with the file each came from.
    var storeKitOfferCodes: [(offer: SubscriptionOffer, file: String)] = []
    /// The settings of the first StoreKit file that has any; the catalog's "store" replaces them.
    var storeKitSettings: StoreSettings?

    private init(
        path: String, log: DiagnosticLog, fileReader: @escaping CatalogFileReader, language: LanguagePreference,
        validates: Bool
    ) {
        self.path = path
        self.log = log
        self.fileReader = fileReader
        self.language = language
        self.texts = TextLanguages(preference: language)
        self.validates = validates
    }

    /// Loads the catalog at `path`: a JSON catalog, or a `.storekit` file (by its extension) as
    /// a whole catalog. Files the catalog names are read with `fileReader` too, relative to
    /// the catalog's directory. `language` picks among the languages of the catalog's own texts
    /// (see `LocalizedText`) and of the names in StoreKit files, one choice for every text of the
    /// screen; `validates` asks for `validate`'s stricter checks.
    public static func load(
        path: String, fileReader: @escaping CatalogFileReader,
        language: LanguagePreference = LanguagePreference(tags: []), validates: Bool = false
    ) -> CatalogLoadResult {
        if path.lowercased().hasSuffix(".storekit") {
            return StoreKitImporter.load(path: path, fileReader: fileReader, language: language)
        }
        let log = DiagnosticLog(file: path)
        guard let bytes = CatalogFile.read(path, with: fileReader, log: log) else {
            return CatalogLoadResult(catalog: nil, diagnostics: log.diagnostics)
        }
        return decode(
            bytes, path: path, fileReader: fileReader, language: language, validates: validates)
    }

    /// Decodes catalog JSON already in memory; `path` names it in diagnostics and anchors the
    /// relative paths of the StoreKit files it names.
    public static func decode(
        _ bytes: [UInt8], path: String, fileReader: @escaping CatalogFileReader,
        language: LanguagePreference = LanguagePreference(tags: []), validates: Bool = false
    ) -> CatalogLoadResult {
        let log = DiagnosticLog(file: path)
        guard let root = CatalogFile.parseJSON(bytes, log: log) else {
            return CatalogLoadResult(catalog: nil, diagnostics: log.diagnostics)
        }
        let decoder = CatalogDecoder(
            path: path, log: log, fileReader: fileReader, language: language,
            validates: validates)
        let catalog = decoder.decodeDocument(root)
        return CatalogLoadResult(catalog: log.hasErrors ? nil : catalog, diagnostics: log.diagnostics)
    }

    func decodeDocument(_ root: JSONNode) -> Catalog? {
        if root["pages"] != nil && root["products"] == nil && root["offerings"] == nil {
            // A deck is a common wrong file here; one clear error beats a warning per member.
            log.error(
                .root, at: root.location,
                "this is a deck, not a catalog; pass it with --deck, and give the catalog's file with --catalog or "
                    + "under the deck's \"catalog\"")
            return nil
        }
        guard let document = JSONObjectReader(root, path: .root, log: log) else { return nil }
        document.warnUnknownKeys(Self.documentKeys)
        if let version = document.int("formatVersion", in: 1...Int.max), version > Self.formatVersion {
            log.error(
                .root.appending("formatVersion"), at: document.member("formatVersion")?.location,
                "format version \(version) is newer than this tui-onboard reads (\(Self.formatVersion)); "
                    + "update tui-onboard"
            )
            return nil
        }
        let defaultCurrency = document.member("currency").flatMap {
            CatalogValues.currencyCode($0, path: .root.appending("currency"), log: log)
        }
        defaultCurrencyInvalid = document.has("currency") && defaultCurrency == nil
        readStoreKitSources(document)
        readProducts(document, defaultCurrency: defaultCurrency)
        if declaredProductIDs.isEmpty && !productSourcesIncomplete {
            log.error(
                .root, at: root.location,
                "the catalog has no products; list them under \"products\" or name a .storekit file under \"storekit\"")
        }
        let offerCodes = readOfferCodes(document)
        let store = readStore(document)
        let entitlements = readEntitlements(document)
        let offerings = readOfferings(document)
        let currentOfferingID = readCurrentOffering(document, offerings: offerings)
        let links = readLinks(document)
        let licensing = readLicensing(document, offerings: offerings)
        warnAboutProductsGrantingNothing(entitlements)
        texts.checkExperimentTexts(in: log, document: "catalog")
        if validates { texts.warnAboutMissingLanguages(in: log, document: "catalog") }
        let paywall = readPaywallDesign(document)
        guard let currentOfferingID else { return nil }
        var catalog = Catalog(
            offerings: offerings, currentOfferingID: currentOfferingID, products: products, entitlements: entitlements,
            links: links, licensing: licensing, offerCodes: offerCodes, store: store)
        catalog.paywall = paywall
        return catalog
    }

    /// A member shown to the customer: a string, or an object of languages of which the
    /// reader's is chosen here.
    func text(_ key: String, in reader: JSONObjectReader, required: Bool = false, nonEmpty: Bool = false) -> String? {
        reader.localizedText(key, required: required, nonEmpty: nonEmpty).map { texts.choose($0).text }
    }

    /// Reads the `.storekit` files under "storekit" and adds their products.
    func readStoreKitSources(_ document: JSONObjectReader) {
        guard let items = document.array("storekit") else { return }
        var seenFiles = Set<String>()
        for (node, itemPath) in items {
            guard let name = node.stringValue, !name.trimmingWhitespace().isEmpty else {
                log.error(itemPath, at: node.location, "expected the path of a .storekit file, found \(node.kindName)")
                continue
            }
            let resolved = Self.resolve(name, relativeTo: path)
            guard seenFiles.insert(resolved).inserted else {
                log.warning(
                    itemPath, at: node.location, "\"\(SafeText.sanitize(name))\" is listed twice; it is read once")
                continue
            }
            guard let bytes = CatalogFile.read(resolved, with: fileReader, log: log, reference: (node, itemPath)) else {
                productSourcesIncomplete = true
                continue
            }
            let storeKitLog = DiagnosticLog(file: resolved)
            let configuration = StoreKitImporter.configuration(from: bytes, log: storeKitLog, language: language)
            storeKitLog.diagnostics.forEach(log.append)
            guard let configuration else {
                productSourcesIncomplete = true
                continue
            }
            for product in configuration.products {
                register(product, path: itemPath, location: node.location, file: resolved)
            }
            addOfferCodes(of: configuration, path: itemPath, location: node.location, file: resolved)
            if storeKitSettings == nil && configuration.store != StoreSettings() {
                storeKitSettings = configuration.store
            }
        }
    }

    /// Keeps a StoreKit file's offer codes; a code an earlier file has already is dropped with a
    /// warning, as the importer drops a file's own repeated codes.
    private func addOfferCodes(
        of configuration: StoreKitConfiguration, path itemPath: JSONPath, location: SourceLocation?, file: String
    ) {
        for code in configuration.offerCodes {
            let wanted = code.id.uppercased()
            if let first = storeKitOfferCodes.first(where: { $0.offer.id.uppercased() == wanted }) {
                log.warning(
                    itemPath, at: location,
                    "offer code \"\(SafeText.sanitize(code.id))\" is in \(SafeText.sanitize(first.file)) too; "
                        + "the first is kept")
                continue
            }
            storeKitOfferCodes.append((code, file))
        }
    }

    /// True when references to `id` should be reported as unknown.
    func isUnknownProduct(_ id: String) -> Bool {
        !declaredProductIDs.contains(id) && !productSourcesIncomplete
    }

    /// Records a decoded product, refusing a second product with the same id.
    func register(_ product: Product, path productPath: JSONPath, location: SourceLocation?, file: String) {
        guard declare(product.id, path: productPath, location: location, file: file) else { return }
        products[product.id] = product
    }

    /// Records that `id` is declared here; false (after an error) when it already was.
    func declare(_ id: String, path productPath: JSONPath, location: SourceLocation?, file: String) -> Bool {
        if let first = productOrigins[id] {
            var place = first.file == path ? "" : "in \(SafeText.sanitize(first.file))"
            if first.file == path, let firstLocation = first.location { place = "at \(firstLocation)" }
            log.error(
                productPath, at: location,
                "duplicate product id \"\(SafeText.sanitize(id))\" (first defined \(place)); "
                    + "each product id must be unique"
            )
            return false
        }
        productOrigins[id] = (productPath, location, file)
        declaredProductIDs.insert(id)
        return true
    }

    /// `name` relative to the directory of `base`, unless it is absolute.
    static func resolve(_ name: String, relativeTo base: String) -> String {
        if name.hasPrefix("/") { return name }
        guard let slash = base.lastIndex(of: "/") else { return name }
        return String(base[...slash]) + name
    }

    func readCurrentOffering(_ document: JSONObjectReader, offerings: [Offering]) -> String? {
        let memberPath = JSONPath.root.appending("currentOffering")
        guard document.has("currentOffering") else {
            let example = offerings.first.map { "\"\(SafeText.sanitize($0.id))\"" } ?? "\"default\""
            log.error(
                memberPath, at: document.node.location,
                "missing \"currentOffering\": name the offering the paywall shows, e.g. \"currentOffering\": \(example)"
            )
            return nil
        }
        guard let id = document.string("currentOffering", required: true, nonEmpty: true) else { return nil }
        let ids = offerings.map(\.id)
        guard ids.contains(id) else {
            // An offering that failed to decode has been reported already.
            if declaredOfferingIDs.contains(id) { return nil }
            log.error(
                memberPath, at: document.member("currentOffering")?.location,
                "no offering has the id \"\(SafeText.sanitize(id))\""
                    + CatalogValues.suggestion(for: id, in: declaredOfferingIDs, log: log))
            return nil
        }
        return id
    }

    func readLinks(_ document: JSONObjectReader) -> CatalogLinks {
        var links = CatalogLinks()
        let reader = document.object("links")
        if let reader {
            reader.warnUnknownKeys(["privacyPolicy", "termsOfUse"])
            links.privacyPolicy = reader.member("privacyPolicy").flatMap {
                CatalogValues.webURL($0, path: reader.path.appending("privacyPolicy"), log: log)
            }
            links.termsOfUse = reader.member("termsOfUse").flatMap {
                CatalogValues.webURL($0, path: reader.path.appending("termsOfUse"), log: log)
            }
        }
        let missing = ["privacyPolicy", "termsOfUse"].filter { !(reader?.has($0) ?? false) }
        if !missing.isEmpty && products.values.contains(where: { $0.type == .autoRenewable }) {
            log.warning(
                .root.appending("links"), at: document.member("links")?.location ?? document.node.location,
                "a paywall selling subscriptions should link its privacy policy and terms of use; add "
                    + missing.map { "\"\($0)\": \"https://…\"" }.joined(separator: " and ") + " under \"links\"")
        }
        return links
    }

    /// Reads "store": how the simulated store treats subscriptions. Without it, the settings of
    /// the StoreKit files apply.
    func readStore(_ document: JSONObjectReader) -> StoreSettings {
        guard let reader = document.object("store") else { return storeKitSettings ?? StoreSettings() }
        reader.warnUnknownKeys(Self.storeKeys)
        var settings = StoreSettings()
        guard let node = reader.member("gracePeriod") else { return settings }
        let path = reader.path.appending("gracePeriod")
        settings.gracePeriod = CatalogValues.period(node, path: path, log: log)
        if let period = settings.gracePeriod, !StoreSettings.appStoreGracePeriodDays.contains(period.wholeDays ?? 0) {
            // The simulation takes any length; a seller testing for the App Store wants one it allows.
            let days = StoreSettings.appStoreGracePeriodDays.map { "P\($0)D" }.joined(separator: ", ")
            log.warning(
                path, at: node.location,
                "the App Store offers billing grace periods of \(days); \(period.iso8601) is simulated as written")
        }
        return settings
    }

    /// Warns about products that are sold but grant no entitlement: buying them would unlock
    /// nothing. Consumables are exempt; they are used up, not kept.
    func warnAboutProductsGrantingNothing(_ entitlements: [Entitlement]) {
        let granting = Set(entitlements.flatMap(\.productIDs))
        for product in products.values.sorted(by: { $0.id < $1.id })
        where product.type != .consumable && !granting.contains(product.id) {
            let origin = productOrigins[product.id]
            guard origin?.file == path else { continue }
            log.warning(
                origin?.path ?? .root, at: origin?.location,
                "product \"\(SafeText.sanitize(product.id))\" grants no entitlement; "
                    + "list it under an entitlement's \"products\""
            )
        }
    }
}

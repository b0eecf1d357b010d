import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun
import OnboardTerminal

/// `validate FILE...`: decks, catalogs and `.storekit` files checked, every problem printed.
extension Launcher {
    /// Checks decks, catalogs and `.storekit` files, printing every problem; the exit code is
    /// the worst outcome (66 missing or not a regular file, 65 invalid or too large, 0 valid).
    func validate(_ paths: [String]) -> Int32 {
        var worst = ExitCode.success
        for path in paths {
            // One read per file: what is checked is what was read, and a FIFO is never opened twice.
            let bytes: [UInt8]
            do {
                bytes = try UserFile.read(path, limit: DeckLoader.maximumDeckSize)
            } catch {
                printError(error.description)
                worst = max(worst, ExitStatus(for: error).code)
                continue
            }
            var diagnostics: [Diagnostic]
            var summary = ""
            if Self.isCatalog(path: path, bytes: bytes) {
                diagnostics = CatalogValidation.validate(
                    path: path, fileReader: UserFile.catalogReader(serving: bytes, for: path),
                    language: languagePreference)
                summary = "catalog"
            } else {
                let result = DeckLoader.decode(
                    bytes, file: path, reader: UserFile.reader, language: languagePreference, checksLayout: true)
                diagnostics = result.diagnostics
                if let deck = result.deck {
                    switch catalogDiagnostics(for: deck, deckPath: path, deckBytes: bytes) {
                    case .success(let found): diagnostics += found
                    case .failure(let status):
                        for diagnostic in diagnostics { printError(diagnostic.description) }
                        worst = max(worst, status.code)
                        continue
                    }
                    summary = deck.pages.count == 1 ? "1 page" : "\(deck.pages.count) pages"
                }
            }
            for diagnostic in diagnostics { printError(diagnostic.description) }
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.count - errors
            if errors > 0 {
                worst = max(worst, ExitCode.badData)
                continue
            }
            var parts = [summary].filter { !$0.isEmpty }
            if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            let line =
                "\(SafeText.sanitize(path)): valid" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
            worst = max(worst, writeOutput(line + "\n"))
        }
        return worst
    }

    /// A `.storekit` file, or a JSON document without pages, is a catalog.
    static func isCatalog(path: String, bytes: [UInt8]) -> Bool {
        if path.hasSuffix(".storekit") { return true }
        guard let root = try? JSONParser.parse(bytes) else { return false }
        return root["pages"] == nil && (root["offerings"] != nil || root["products"] != nil)
    }

    /// Problems between a deck and its catalog: a paywall with no catalog, a missing offering,
    /// placed in the deck's text by `root`. A catalog file that cannot be read at all fails with
    /// its exit code, as it does in a run.
    func catalogDiagnostics(for deck: Deck, deckPath: String, deckBytes: [UInt8]) -> Result<[Diagnostic], ExitStatus> {
        let root = try? JSONParser.parse(deckBytes)
        guard deck.hasPaywall || deck.conditionsReadEntitlements else { return .success([]) }
        guard let path = options.paywall.catalogPath ?? deck.catalogPath else {
            // Without a paywall, an entitlement may come from licenses alone: nothing to check.
            return .success(deck.hasPaywall ? [DeckCatalogCheck.missingCatalog(file: deckPath, root: root)] : [])
        }
        let result: CatalogLoadResult
        switch loadCatalog(path, validates: true) {
        case .success(let loaded): result = loaded
        case .failure(let status): return .failure(status)
        }
        guard let catalog = result.catalog else { return .success(result.diagnostics) }
        var diagnostics = result.diagnostics
        let date = options.paywall.now ?? Self.pictureDate
        let setup = PaywallSetup(
            catalog: catalog, clock: StoreClock(startWallDate: date, startSimulatedDate: date),
            locale: userLocale, timeZone: TimeZone(identifier: "UTC")!)
        diagnostics += DeckCatalogCheck.unknownOfferings(in: deck, catalog: catalog, file: deckPath, root: root)
        diagnostics += DeckCatalogCheck.unknownEntitlements(in: catalog, file: deckPath, root: root)
        if !diagnostics.contains(where: { $0.severity == .error }) {
            let readers = fitCheckReaders(deckBytes: deckBytes, deckPath: deckPath, catalogPath: path, date: date)
            diagnostics += PaywallFitCheck.diagnostics(
                deck, paywall: setup, file: SafeText.sanitize(deckPath), readers: readers)
        }
        return .success(diagnostics)
    }
}

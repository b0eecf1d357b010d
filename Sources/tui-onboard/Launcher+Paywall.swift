import Foundation
import OnboardKit
import OnboardStore

extension Launcher {
    /// The catalog a deck's paywall uses: `--catalog`, else the deck's own `catalog`.
    func catalogPath(for deck: Deck) -> String? { options.catalogPath ?? deck.catalogPath }

    /// Loads the catalog and the ledger for the paywall. Returns nil when the deck has no
    /// paywall and no catalog was asked for; an exit status when something is wrong, after
    /// saying what on stderr (before the terminal is taken over).
    func loadPaywall(for deck: Deck) -> Result<PaywallSetup?, ExitStatus> {
        guard let path = catalogPath(for: deck) else {
            if !deck.hasPaywall { return .success(nil) }
            printError(
                "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" to it or pass --catalog FILE"
            )
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        let result: CatalogLoadResult
        switch loadCatalog(path) {
        case .success(let loaded): result = loaded
        case .failure(let status): return .failure(status)
        }
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        guard let catalog = result.catalog else { return .failure(ExitStatus(code: ExitCode.badData)) }
        let ledger: Ledger
        do {
            ledger = try LedgerStore(directory: stateDirectory).load()
        } catch {
            printError("\(error)")
            if case .io = error { return .failure(ExitStatus(code: ExitCode.ioError)) }
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        let clock = StoreClock(startWallDate: Date(), startSimulatedDate: options.now, timeRate: options.timeRate)
        let mode = options.simulation.flatMap(StoreSimulator.SimulationMode.init(rawValue:)) ?? .success
        return .success(
            PaywallSetup(
                catalog: catalog, ledger: ledger, mode: mode, latency: options.latency, clock: clock,
                locale: Self.userLocale(environment), timeZone: TimeZone.current))
    }

    /// A watch on the ledger file: when another instance appends to it, the app gets the new
    /// ledger the next time it wakes, before any key is handled (so it cannot sell twice).
    final class LedgerWatch {
        let store: LedgerStore
        private var lastSeen: (size: Int64, modified: Int64)?

        init(directory: String) {
            store = LedgerStore(directory: directory)
            lastSeen = LedgerWatch.fingerprint(store.ledgerPath)
        }

        func changes() -> [Message] {
            let now = LedgerWatch.fingerprint(store.ledgerPath)
            guard let now, now.size != lastSeen?.size || now.modified != lastSeen?.modified else { return [] }
            lastSeen = now
            guard let ledger = try? store.load() else { return [] }
            return [.ledgerChanged(ledger)]
        }

        /// Notes the file as it is after this session's own write, which needs no reload.
        func noteOwnWrite() { lastSeen = LedgerWatch.fingerprint(store.ledgerPath) }

        static func fingerprint(_ path: String) -> (size: Int64, modified: Int64)? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        }
    }

    /// The user's locale for prices and dates, from LC_ALL, LC_MONETARY or LANG; a bare "C" or
    /// POSIX environment gets en_US rather than "US$" and ISO dates.
    static func userLocale(_ environment: [String: String]) -> Locale {
        for name in ["LC_ALL", "LC_MONETARY", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let identifier = String(value.prefix { $0 != "." && $0 != "@" })
            if identifier == "C" || identifier == "POSIX" { break }
            return Locale(identifier: identifier)
        }
        return Locale(identifier: "en_US")
    }

    /// Writes a purchase to the ledger; a failure goes back to the app, which says so.
    func record(_ transaction: LedgerTransaction, watch: LedgerWatch) -> [Message] {
        do {
            try StateDirectory.create(stateDirectory)
            // Whatever another instance wrote meanwhile comes in first.
            let pending = watch.changes()
            try watch.store.append(transaction)
            watch.noteOwnWrite()
            return pending.isEmpty ? [] : [.ledgerChanged(try watch.store.load())]
        } catch {
            return [.saveFailed("\(error)")]
        }
    }
}

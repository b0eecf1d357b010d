// A command-line tool that embeds tui-onboard as a library: it shows its onboarding once, reads
// how it ended, and checks an entitlement before turning on a paid feature. Run it with
// `swift run onboard-host-example --deck Assets/default-deck.json`.
//
// The wiring follows the tui-onboard executable's own (Sources/tui-onboard/Launcher.swift),
// without its options, messages and exit codes.
import Foundation
import OnboardDisk
import OnboardKit
import OnboardTerminal

/// The deck names the app, its pages and its catalog; the entitlement gates the paid feature.
struct Host {
    var deckPath: String
    var stateDirectory: String
    var entitlementID: String

    init(arguments: [String], environment: [String: String]) {
        var values: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            values[arguments[index]] = arguments[index + 1]
            index += 2
        }
        deckPath = values["--deck"] ?? "Assets/default-deck.json"
        stateDirectory = StateDirectory.resolve(explicit: values["--state-dir"], environment: environment)
        entitlementID = values["--entitlement"] ?? "pro"
    }

    /// Regular files up to the loaders' limits; a real tool might read from its bundle instead.
    static let reader = FileReader { path, limit throws(FileReadError) in
        guard let data = FileManager.default.contents(atPath: path) else { throw .missing(path: path) }
        guard data.count <= limit else { throw .tooLarge(path: path, size: data.count, limit: limit) }
        return [UInt8](data)
    }

    func loadDeck() -> Deck? {
        let result = DeckLoader.load(path: deckPath, reader: Host.reader)
        for diagnostic in result.diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
        return result.deck
    }

    func loadCatalog(for deck: Deck) -> Catalog? {
        guard let path = deck.catalogPath else { return nil }
        return CatalogDecoder.load(path: path, fileReader: { try Host.reader.read($0, CatalogFile.maximumByteCount) })
            .catalog
    }

    /// Shows the tour when this user has not seen it (or has not seen this version's news),
    /// records how it ended, and says so in one line.
    func onboardOnce(deck: Deck, catalog: Catalog?) -> String {
        let store = FirstRunStateFile(directory: stateDirectory)
        let seen = (try? store.load()) ?? FirstRunState()
        // The whole tour on a first launch; after an upgrade, only the pages new since then.
        let shown: Deck
        switch seen.presentation(appID: deck.app.id, version: deck.app.version, pageSince: deck.allPageSince) {
        case .nothing: return "onboarding: seen already"
        case .firstRun: shown = deck
        case .whatsNew(_, let pages): shown = deck.keepingPages(pages)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return "onboarding: not shown (not a terminal)"
        }
        guard let outcome = runTour(deck: shown, catalog: catalog) else { return "onboarding: could not start" }
        let completion: FirstRunState.Completion
        switch outcome {
        case .completed: completion = .finished
        case .skipped, .dismissed: completion = .skipped
        case .interrupted, .terminated, .hangup: return "onboarding: interrupted"
        }
        _ = try? store.update {
            $0.record(appID: deck.app.id, version: deck.app.version, completion: completion, date: Date())
        }
        return "onboarding: \(completion == .finished ? "completed" : "skipped")"
    }

    /// The terminal part: a session, a signal watch, the app and its loop. Purchases on the
    /// paywall are recorded in the ledger under its lock, as the tui-onboard executable does.
    func runTour(deck: Deck, catalog: Catalog?) -> Outcome? {
        let ledgerFile = LedgerFile(directory: stateDirectory)
        let paywall = catalog.map { catalog in
            PaywallSetup(
                catalog: catalog, ledger: (try? ledgerFile.load()) ?? Ledger(),
                clock: StoreClock(startWallDate: Date()),
                timeZone: TimeZone.current)
        }
        TerminalSession.prepareLocale()
        CrashGuard.install()
        guard let output = fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r") else {
            return nil
        }
        defer {
            fclose(output)
            fclose(input)
        }
        let signals = SignalWatcher()
        let environment = ProcessInfo.processInfo.environment
        guard
            let session = try? TerminalSession(
                terminalName: nil, output: output, input: input, environment: environment)
        else {
            signals.uninstall()
            return nil
        }
        var app = OnboardingApp(
            deck: deck, colorMode: session.colorMode, width: 0, height: 0,
            settings: AppSettings(seed: UInt64.random(in: 0...UInt64.max)), paywall: paywall)
        let runner = TerminalRunner(perform: { effect in
            guard case .record(let transaction) = effect, let gate = paywall?.gate else { return [] }
            let result: RecordResult
            do {
                result = try ledgerFile.record(transaction, gate: gate, wait: .never)
            } catch {
                result = .failed("\(error)")
            }
            return [.recordFinished(transactionID: transaction.id, result: result)]
        })
        let outcome = runner.run(&app, session: session, signals: signals)
        session.stop()
        signals.uninstall()
        return outcome
    }

    /// Whether the paid feature is on: the entitlement is active now, by the ledger on disk
    /// (read without the lock and without writing, like `tui-onboard has`).
    func isEntitled(catalog: Catalog?) -> Bool {
        guard let catalog, let entitlement = catalog.entitlement(id: entitlementID),
            let ledger = try? LedgerFile(directory: stateDirectory).loadWithoutRepair()
        else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return EntitlementResolver.status(
            of: entitlement, in: StoreContext(catalog: catalog, ledger: ledger, now: Date(), calendar: calendar)
        ).isActive
    }
}

let host = Host(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
guard let deck = host.loadDeck() else { exit(65) }
let catalog = host.loadCatalog(for: deck)
print(host.onboardOnce(deck: deck, catalog: catalog))
if host.isEntitled(catalog: catalog) {
    print("\(host.entitlementID): active, the paid feature is on")
} else {
    print("\(host.entitlementID): not active, the free plan")
}

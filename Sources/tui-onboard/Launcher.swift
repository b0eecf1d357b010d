import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun
import OnboardTerminal

/// Carries out a parsed command line and returns the exit code.
struct Launcher {
    let options: Options
    let environment: [String: String]

    /// The program's version, and the only place it is written: `--version` prints it and the
    /// built-in tour (whose deck file names no version) carries it.
    static let version = "0.1.0"

    func run() -> Int32 {
        if let refusal = refusalOfOutputsInTheStateDirectory() {
            printError(refusal)
            return ExitCode.usage
        }
        switch options.command {
        case .help:
            return writeOutput(UsageText.general() + "\n")
        case .commandHelp(let command):
            return writeOutput(UsageText.command(command) + "\n")
        case .manPage:
            return writeOutput(ManPage.render())
        case .completions(let shell):
            return writeOutput(shell.script)
        case .initialize(let directory):
            return initialize(directory)
        case .version:
            return writeOutput("tui-onboard \(Launcher.version)\n")
        case .symbols:
            return symbols()
        case .dump(let deckPath):
            return dump(deckPath)
        case .validate(let paths):
            return validate(paths)
        case .status, .has, .reset, .run:
            if let problem = StateDirectory.unsafeReason(stateDirectory) {
                printError(problem)
                return ExitCode.ioError
            }
            return runStateCommand()
        }
    }

    /// The commands that read or write the state directory, once it is known to be safe.
    private func runStateCommand() -> Int32 {
        switch options.command {
        case .status: return status()
        case .has(let entitlement): return has(entitlement)
        case .reset: return reset()
        default: return runOnboarding()
        }
    }

    /// Every path the command line asks to write to, with the option that names it: the result,
    /// the recording, the pictures' directory and the directory `init` fills.
    var outputPaths: [(option: String, path: String)] {
        var outputs: [(String, String)] = []
        if let path = options.resultPath, path != "-" { outputs.append(("--result-json", path)) }
        if let path = options.recordPath { outputs.append(("--record", path)) }
        if let directory = options.svgDirectory { outputs.append(("--svg", directory)) }
        if case .initialize(let directory) = options.command { outputs.append(("init", directory ?? ".")) }
        return outputs
    }

    /// Why an output would land in the state directory (and so could replace the ledger or the
    /// state), before anything is read or written; nil when none does.
    func refusalOfOutputsInTheStateDirectory() -> String? {
        let outputs = outputPaths
        guard !outputs.isEmpty else { return nil }
        let guardian = StateDirectoryGuard(stateDirectory: stateDirectory)
        return outputs.lazy.compactMap { guardian.refusal(option: $0.option, path: $0.path) }.first
    }

    /// Checks decks, catalogs and `.storekit` files, printing every problem; the exit code is
    /// the worst outcome (66 missing or not a regular file, 65 invalid or too large, 0 valid).
    private func validate(_ paths: [String]) -> Int32 {
        var worst = ExitCode.success
        for path in paths {
            // One read per file: what is checked is what was read, and a FIFO is never opened twice.
            let bytes: [UInt8]
            do {
                bytes = try UserFile.read(path, limit: DeckLoader.maximumDeckSize)
            } catch {
                printError(error.description)
                worst = max(worst, ExitCode.forReadError(error))
                continue
            }
            var diagnostics: [Diagnostic]
            var summary = ""
            if Self.isCatalog(path: path, bytes: bytes) {
                diagnostics = CatalogValidation.validate(
                    path: path, fileReader: UserFile.catalogReader(serving: bytes, for: path))
                summary = "catalog"
            } else {
                let result = DeckLoader.decode(bytes, file: path, reader: UserFile.reader, checksLayout: true)
                diagnostics = result.diagnostics
                if let deck = result.deck {
                    switch catalogDiagnostics(for: deck, deckPath: path) {
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

    /// Problems between a deck and its catalog: a paywall with no catalog, a missing offering.
    /// A catalog file that cannot be read at all fails with its exit code, as it does in a run.
    private func catalogDiagnostics(for deck: Deck, deckPath: String) -> Result<[Diagnostic], ExitStatus> {
        guard deck.hasPaywall else { return .success([]) }
        guard let path = options.catalogPath ?? deck.catalogPath else {
            return .success([
                Diagnostic(
                    severity: .error, file: SafeText.sanitize(deckPath), path: "catalog", location: nil,
                    message:
                        "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" or pass --catalog")
            ])
        }
        let result: CatalogLoadResult
        switch loadCatalog(path) {
        case .success(let loaded): result = loaded
        case .failure(let status): return .failure(status)
        }
        guard let catalog = result.catalog else { return .success(result.diagnostics) }
        var diagnostics = result.diagnostics
        let date = options.now ?? Self.pictureDate
        let setup = PaywallSetup(
            catalog: catalog, clock: StoreClock(startWallDate: date, startSimulatedDate: date),
            locale: Self.userLocale(environment), timeZone: TimeZone(identifier: "UTC")!)
        for (index, page) in deck.pages.enumerated() {
            guard case .paywall(let paywall) = page, let id = paywall.offeringID, catalog.offering(id: id) == nil else {
                continue
            }
            let known = catalog.offerings.map(\.id)
            diagnostics.append(
                Diagnostic(
                    severity: .error, file: SafeText.sanitize(deckPath), path: "pages[\(index)].offering",
                    location: nil,
                    message:
                        "offering \"\(SafeText.sanitize(id))\" is not in the catalog (it has: \(known.joined(separator: ", ")))"
                ))
        }
        if !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics += PaywallFitCheck.diagnostics(deck, paywall: setup, file: SafeText.sanitize(deckPath))
        }
        return .success(diagnostics)
    }

    /// Reads the catalog at `path` once and decodes it. A file that cannot be read (missing,
    /// not a regular file, too large) is reported here, with the exit code it gives.
    func loadCatalog(_ path: String) -> Result<CatalogLoadResult, ExitStatus> {
        let bytes: [UInt8]
        do {
            bytes = try UserFile.read(path, limit: CatalogFile.maximumByteCount)
        } catch {
            printError("\(error.description) (the paywall's catalog)")
            return .failure(ExitStatus(code: ExitCode.forReadError(error)))
        }
        return .success(
            CatalogDecoder.load(
                path: path, fileReader: UserFile.catalogReader(serving: bytes, for: path),
                userLocale: Self.userLanguage(environment)))
    }

    /// Prints a deck's or a catalog's errors, and its warnings with --warnings. Warnings are
    /// for the author, who sees them all with `validate`; a run, `status` or `has` inside a
    /// host speaks to the host's users, who can do nothing about them.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where diagnostic.severity == .error || options.showsWarnings {
            printError(diagnostic.description)
        }
    }

    func loadDeck() -> Result<Deck, ExitStatus> {
        let path: String
        if let deckPath = options.deckPath {
            path = deckPath
        } else if let assets = AssetLocator.assetsDirectory(environment: environment) {
            path = "\(assets)/\(AssetLocator.deckFileName)"
        } else {
            printError("the built-in deck was not found; reinstall with `make install` or pass --deck FILE")
            return .failure(ExitStatus(code: ExitCode.missingInput))
        }
        let result = DeckLoader.load(path: path, reader: UserFile.reader)
        report(result.diagnostics)
        if let error = result.fileError { return .failure(ExitStatus(code: ExitCode.forReadError(error))) }
        guard var deck = result.deck else { return .failure(ExitStatus(code: ExitCode.badData)) }
        // The built-in tour is this program's own: "What's new" and --plain name its version.
        if options.deckPath == nil { deck.app.version = Launcher.version }
        return .success(deck)
    }

    /// The theme's appearance at start: the one chosen, else for `auto` the guess `COLORFGBG`
    /// allows, else dark. The terminal's answer to OSC 11 may change it once the first page is
    /// up; nothing waits for it.
    static func appearance(theme: ThemeChoice, environment: [String: String]) -> Appearance {
        switch theme {
        case .dark: return .dark
        case .light: return .light
        case .auto: return environment["COLORFGBG"].flatMap(Appearance.init(colorFGBG:)) ?? .dark
        }
    }

    /// Reduced motion and the theme, from the options, the environment and the config file.
    /// A config file that cannot be used is an error (65, or 66 when it cannot be read), said
    /// with its file:line:column; a missing one is no error.
    func loadPreferences() -> Result<RunPreferences, ExitStatus> {
        var config = UserConfig()
        if let path = UserConfig.path(environment: environment) {
            let bytes: [UInt8]?
            do {
                bytes = try UserFile.read(path, limit: UserConfig.maximumByteCount)
            } catch {
                if case .missing = error {
                    bytes = nil
                } else {
                    printError("\(error.description) (the config file)")
                    return .failure(ExitStatus(code: ExitCode.forReadError(error)))
                }
            }
            if let bytes {
                let decoded = UserConfig.decode(bytes, file: path)
                for diagnostic in decoded.diagnostics { printError(diagnostic.description) }
                guard let read = decoded.config else { return .failure(ExitStatus(code: ExitCode.badData)) }
                config = read
            }
        }
        return .success(RunPreferences.resolve(options: options, environment: environment, config: config))
    }

    /// Without --seed each run differs: the seed comes from the system's generator here, at the
    /// edge, so the core itself never touches global randomness.
    static func defaultSeed() -> UInt64 { UInt64.random(in: 0...UInt64.max) }

    var stateDirectory: String {
        StateDirectory.resolve(explicit: options.stateDirectory, environment: environment)
    }

    struct ExitStatus: Error {
        var code: Int32
    }

    private func runOnboarding() -> Int32 {
        let started = Date()
        let deck: Deck
        switch loadDeck() {
        case .success(let loaded): deck = loaded
        case .failure(let status): return status.code
        }
        let stateRun = FirstRunRun(stateDirectory: stateDirectory)
        let state = stateRun.loadState()
        // A damaged state is said at once, before anything else is shown.
        for problem in stateRun.unsaidProblems() { printError(problem) }
        let presentation =
            options.isFirstRunOnly
            ? state.presentation(
                appID: deck.app.id, version: deck.app.version, pageSince: deck.allPageSince) : .firstRun
        var result = RunResult(
            outcome: .notShown, mode: nil, plain: options.isPlain,
            app: RunResult.App(
                id: deck.app.id, name: deck.app.name, version: deck.app.version,
                previousVersion: state.apps[deck.app.id]?.lastSeenVersion),
            state: RunResult.State(saved: true, path: stateRun.store.statePath), sandbox: runsInSandbox,
            exitCode: ExitCode.success)
        let shown: Deck
        let pageIndexes: [Int]
        switch presentation {
        case .nothing(let reason):
            // Nothing is drawn and the terminal is never touched; only the state may change.
            result.reason = reason
            stateRun.save(
                FirstRunVisit(
                    appID: deck.app.id, version: deck.app.version, outcome: .notShown, reason: reason, date: Date(),
                    catalogPath: rememberedCatalog(for: deck)))
            return finish(result, stateRun: stateRun, started: started)
        case .whatsNew(_, let pages):
            shown = deck.keepingPages(pages)
            pageIndexes = pages
            result.mode = .whatsNew
        case .firstRun:
            shown = deck
            pageIndexes = Array(deck.pages.indices)
            result.mode = .tour
        }
        let paywall: (@Sendable () -> PaywallSetup)?
        switch loadPaywall(for: shown) {
        case .success(let setup): paywall = setup
        case .failure(let status): return status.code
        }
        let preferences: RunPreferences
        switch loadPreferences() {
        case .success(let loaded): preferences = loaded
        case .failure(let status): return status.code
        }
        var headline: String?
        if case .whatsNew = presentation { headline = "What's new in \(deck.app.name) \(deck.app.version)" }
        if options.isPlain {
            let width = Int(environment["COLUMNS"] ?? "") ?? 80
            let controller = paywall.map { PaywallController(setup: $0(), seed: 0) }
            let text = PlainTextRenderer.render(shown, width: min(width, 100), paywall: controller, headline: headline)
            let code = writeOutput(text + "\n")
            // Printed is shown: the pages count as seen, as a completed tour.
            if code == ExitCode.success {
                result.outcome = .completed
                result.pagesSeen = pageIndexes
                result.lastPage = pageIndexes.last
                stateRun.save(
                    FirstRunVisit(
                        appID: deck.app.id, version: deck.app.version, outcome: .completed, date: Date(),
                        catalogPath: rememberedCatalog(for: deck)))
            } else {
                result.outcome = .interrupted
            }
            result.entitlements = controller?.statuses.compactMap(RunResult.ActiveEntitlement.init)
            result.exitCode = code
            return finish(result, stateRun: stateRun, started: started)
        }
        // The deck and catalog are checked first: their errors are the more specific ones.
        do {
            try TourRun.checkTerminal()
        } catch {
            printError(error.description)
            return error.exitCode
        }
        // A recording that cannot be written stops the run before the terminal is touched.
        var recording: SessionRecording?
        if let path = options.recordPath {
            do {
                recording = try SessionRecording(path: path, environment: environment)
            } catch {
                printError(error.description)
                return ExitCode.ioError
            }
        }
        // The recording's stream is closed last, which flushes it: the recording ends before.
        defer {
            recording?.finish()
            if let recording { fclose(recording.output) }
        }
        let offersReview = deck.review != nil && state.offersReview(appID: deck.app.id, version: deck.app.version)
        let settings = AppSettings(
            reducesMotion: preferences.reducesMotion, seed: options.seed ?? Self.defaultSeed(), headline: headline,
            offersReview: offersReview,
            autoplay: options.autoplaySeconds.map { Autoplay(interval: $0, loops: options.loops) },
            appearance: Self.appearance(theme: preferences.theme, environment: environment),
            followsTerminalBackground: preferences.theme == .auto)
        var tour = TourRun(
            deck: shown, settings: settings, paywall: paywall, ledgerDirectory: runLedgerDirectory,
            environment: environment)
        tour.terminalOutput = recording?.output
        // The paywall is built only once its page comes near; the result lists entitlements anyway.
        tour.reportsEntitlements = options.resultPath != nil
        let report: TourReport
        do {
            report = try tour.run()
        } catch {
            printError(error.description)
            return error.exitCode
        }
        recording?.finish()
        if let failure = recording?.failure { printError("the recording stopped early: \(failure)") }
        // What the app showed about the ledger is said again where it stays readable.
        for problem in report.ledgerProblems { printError(problem) }
        for problem in stateRun.unsaidProblems() { printError(problem) }
        result.outcome = RunOutcome(report.outcome)
        result.pagesSeen = report.pagesSeen.map { pageIndexes[$0] }
        result.lastPage = pageIndexes[report.lastPage]
        if report.reviewShown { result.review = RunResult.Review(report.reviewAnswer) }
        if report.hasPaywall {
            result.purchases = report.purchases.map(RunResult.Purchase.init)
            result.restores = report.restores.map(RunResult.Restore.init)
            result.entitlements = report.entitlements.compactMap(RunResult.ActiveEntitlement.init)
        }
        stateRun.save(report.visit(of: deck, date: Date(), catalogPath: rememberedCatalog(for: deck)))
        // SIGINT, SIGTERM and SIGHUP have documented exit codes (the outcome's); any other
        // signal is passed on to the parent by dying of it, now that the terminal is restored.
        if let signal = report.terminationSignal, signal.response == .dieOfSignal {
            result.exitCode = ExitCode.forSignal(number: signal.number)
            _ = finish(result, stateRun: stateRun, started: started)
            TerminalSignal.dieOf(signal.number)
        }
        result.exitCode = report.outcome.exitCode
        if recording?.failure != nil, result.exitCode == ExitCode.success { result.exitCode = ExitCode.ioError }
        return finish(result, stateRun: stateRun, started: started)
    }

    /// Writes the result JSON, when asked for, and returns the run's exit code: 74 when the
    /// result could not be written, since the caller asked for it.
    private func finish(_ result: RunResult, stateRun: FirstRunRun, started: Date) -> Int32 {
        for problem in stateRun.unsaidProblems() { printError(problem) }
        guard let path = options.resultPath else { return result.exitCode }
        var result = result
        result.seconds = max(0, Date().timeIntervalSince(started))
        result.state.saved = stateRun.isSaved
        result.state.problems = stateRun.problems
        let data = result.jsonData()
        if path == "-" {
            let code = writeOutput(String(decoding: data, as: UTF8.self))
            return code == ExitCode.success ? result.exitCode : code
        }
        do {
            try ResultFile.write(data, to: path)
        } catch {
            printError("could not write the result to \(SafeText.sanitize(path)): \(error)")
            return result.exitCode == ExitCode.success ? ExitCode.ioError : result.exitCode
        }
        return result.exitCode
    }
}

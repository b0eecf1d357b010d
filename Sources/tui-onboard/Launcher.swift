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
    /// Why the state directory may not be used, for a tour shown without it; nil when it may.
    var stateRefusal: String?

    /// The program's version, and the only place it is written: `--version` prints it and the
    /// built-in tour (whose deck file names no version) carries it.
    static let version = "0.1.0"

    /// Carries out the command. The switch has no `default:`: a command added to
    /// `Options.Command` does not compile until it names its handler here, so no command can
    /// fall through to the tour.
    func run() -> Int32 {
        if let refusal = refusalOfOutputsInTheStateDirectory() {
            printError(refusal)
            return ExitCode.usage
        }
        switch options.command {
        case .help: return writeOutput(UsageText.general() + "\n")
        case .commandHelp(let command): return writeOutput(UsageText.command(command) + "\n")
        case .manPage: return writeOutput(ManPage.render())
        case .completions(let shell): return writeOutput(shell.script)
        case .initialize(let directory): return initialize(directory)
        case .version: return versionReport()
        case .symbols: return symbols()
        case .dump(let deckPath): return Messages.$current.withValue(userMessages()) { dump(deckPath) }
        case .validate(let paths): return validate(paths)
        case .report(let paths): return report(paths)
        case .run: return runTour()
        case .status: return inSafeStateDirectory { status() }
        case .has(let entitlement): return inSafeStateDirectory { has(entitlement) }
        case .answer(let id): return inSafeStateDirectory { answer(id) }
        case .answers: return inSafeStateDirectory { answers() }
        case .reset: return inSafeStateDirectory { reset() }
        case .license(let action): return inSafeStateDirectory { license(action) }
        case .store(let action): return inSafeStateDirectory { store(action) }
        case .paywall(let entitlement):
            return inSafeStateDirectory { Messages.$current.withValue(userMessages()) { paywallGate(entitlement) } }
        }
    }

    /// Why the state directory (or the folders inside it) may not be used; nil when it may.
    private func stateDirectoryRefusal() -> String? {
        let folders = [sandboxDirectory, LicenseStore(stateDirectory: stateDirectory).directory]
        return StateDirectory.refusal(stateDirectory, folders: folders)
    }

    /// A tour never stops for its state directory: it is shown without it.
    private func runTour() -> Int32 {
        var launcher = self
        launcher.stateRefusal = stateDirectoryRefusal()
        return Messages.$current.withValue(userMessages()) { launcher.runOnboarding() }
    }

    /// Runs a command that reads or writes the state directory once it is known to be safe;
    /// one that is not (another user's, a link) ends the command with 74.
    private func inSafeStateDirectory(_ command: () -> Int32) -> Int32 {
        if let refusal = stateDirectoryRefusal() {
            printError(refusal)
            return ExitCode.ioError
        }
        return command()
    }

    /// The app's own words for a tour or a dump, in the user's language (`--lang`, `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG`); the commands a host reads speak English.
    private func userMessages() -> Messages {
        MessageCatalogLocator.messages(
            preference: languagePreference,
            environment: environment)
    }

    /// Every path the command line asks to write to, with the option that names it: the result,
    /// the recording, the pictures' directory and the directory `init` fills.
    var outputPaths: [(option: String, path: String)] {
        var outputs: [(String, String)] = []
        if let path = options.output.resultPath, path != "-" { outputs.append(("--result-json", path)) }
        if let path = options.output.recordPath { outputs.append(("--record", path)) }
        if let path = options.output.eventsPath, path != "-" { outputs.append(("--events", path)) }
        if let directory = options.pictures.svgDirectory { outputs.append(("--svg", directory)) }
        if let path = options.pictures.animatedSVGPath { outputs.append(("--animated-svg", path)) }
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

    /// Reads the catalog at `path` once and decodes it (with `validate`'s checks when
    /// `validates`). A file that cannot be read (missing, not a regular file, too large) is
    /// reported here, with the exit code it gives.
    func loadCatalog(_ path: String, validates: Bool = false) -> Result<CatalogLoadResult, ExitStatus> {
        OnboardingSession.loadCatalog(
            path, reader: AssetLocator.reader, language: languagePreference, validates: validates, say: printError
        ).mapError { ExitStatus(code: $0.exitCode) }
    }

    /// Prints a deck's or a catalog's errors, and its warnings with --warnings. Warnings are
    /// for the author, who sees them all with `validate`; a run, `status` or `has` inside a
    /// host speaks to the host's users, who can do nothing about them.
    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where diagnostic.severity == .error || options.output.showsWarnings {
            printError(diagnostic.description)
        }
    }

    /// The deck of `--deck`, else the built-in one (inside the binary; see `AssetLocator`).
    /// With `assigning` (a tour, a paywall gate), its texts are chosen for the reader's variant
    /// of each experiment (`RunExperiments`), and `--variant` must name the deck's.
    func loadDeck(assigning: Bool = false) -> Result<Deck, ExitStatus> {
        let path = options.tour.deckPath ?? AssetLocator.deckPath(environment: environment)
        let experiments = RunExperiments(
            stateDirectory: stateDirectory, forced: options.tour.forcedVariants, refusal: stateRefusal)
        let result = DeckLoader.load(
            path: path, reader: AssetLocator.reader, language: languagePreference,
            assign: assigning ? experiments.assign : nil)
        report(result.diagnostics)
        experiments.problems.forEach(printError)
        if let error = result.fileError { return .failure(ExitStatus(for: error)) }
        guard var deck = result.deck else { return .failure(ExitStatus(code: ExitCode.badData)) }
        if assigning, let problem = RunExperiments.problem(forcing: options.tour.forcedVariants, in: deck) {
            printError(problem)
            return .failure(ExitStatus(code: ExitCode.usage))
        }
        // The built-in tour is this program's own: "What's new" and --plain name its version.
        if options.tour.deckPath == nil { deck.app.version = Launcher.version }
        return .success(deck)
    }

    /// Reduced motion and the theme, from the options, the environment and the config file
    /// (`RunPreferences.load`).
    func loadPreferences() -> Result<RunPreferences, ExitStatus> {
        RunPreferences.load(
            reducesMotion: options.tour.reducesMotion, theme: options.tour.theme, environment: environment,
            say: printError
        ).mapError { ExitStatus(code: $0.exitCode) }
    }

    var stateDirectory: String {
        StateDirectory.resolve(explicit: options.state.directory, environment: environment)
    }
}

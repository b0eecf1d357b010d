import FoundationEssentials
import OnboardAssets
import OnboardDisk
import OnboardKit
import OnboardRun
import OnboardTerminal

/// The tour itself (no command, or `--first-run`): an `OnboardingSession` made from the
/// command line, then the result JSON.
extension Launcher {
    func runOnboarding() -> Int32 {
        let deck: Deck
        switch loadDeck() {
        case .success(let loaded): deck = loaded
        case .failure(let status): return status.code
        }
        // Answers that are wrong stop the run before anything is shown or saved.
        var session = onboardingSession(deck)
        switch givenAnswers(for: deck) {
        case .success(let answers): session.settings.answers = answers
        case .failure(let status): return status.code
        }
        return conclude(session.run())
    }

    /// The session for `deck` with this command line's options, saying on stderr and writing
    /// to stdout as every command does.
    func onboardingSession(_ deck: Deck) -> OnboardingSession {
        var settings = OnboardingSettings()
        (settings.language, settings.reducesMotion, settings.theme) = (
            options.language, options.reducesMotion, options.theme
        )
        (settings.seed, settings.answers, settings.showsEveryTime) = (options.seed, [:], !options.isFirstRunOnly)
        settings.autoplay = options.autoplaySeconds.map { Autoplay(interval: $0, loops: options.loops) }
        (settings.catalogPath, settings.appID, settings.offeringID) = (
            options.catalogPath, options.appID, options.offeringID
        )
        (settings.extraKeys, settings.now, settings.timeRate) = (options.publicKeys, options.now, options.timeRate)
        settings.usesSandbox = options.usesSandbox
        settings.simulation = options.simulation.flatMap(StoreSimulator.SimulationMode.init(rawValue:)) ?? .success
        (settings.latency, settings.eventsPath, settings.isPlain) = (
            options.latency, options.eventsPath, options.isPlain
        )
        // The paywall is built only once its page comes near; the result lists entitlements anyway.
        settings.reportsEntitlements = options.resultPath != nil
        settings.showsWarnings = options.showsWarnings
        var session = OnboardingSession(
            deck: deck, stateDirectory: stateDirectory, settings: settings, environment: environment)
        session.reader = AssetLocator.reader
        session.say = printError
        session.writeOutput = writeOutput
        session.namesCatalogFromAnywhere = BuiltInAssets.isBuiltIn
        if let path = options.recordPath {
            let environment = environment
            session.openRecording = {
                do {
                    return .success(try SessionRecording(path: path, environment: environment))
                } catch {
                    printError("\(error)")
                    return .failure(SessionStop(exitCode: ExitCode.ioError))
                }
            }
        }
        return session
    }

    /// Writes the result JSON, when asked for, and returns the exit code; a signal with no exit
    /// code of its own is died of after that.
    func conclude(_ outcome: OnboardingOutcome) -> Int32 {
        guard let result = outcome.result, let stateRun = outcome.firstRun else { return outcome.exitCode }
        let code = finish(result, stateRun: stateRun, started: outcome.started)
        if let signal = outcome.signalToDieOf { TerminalSignal.dieOf(signal) }
        return code
    }

    /// Writes the result JSON, when asked for, and returns the run's exit code: 74 when the
    /// result could not be written, since the caller asked for it.
    func finish(_ result: RunResult, stateRun: FirstRunRun, started: Date) -> Int32 {
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

extension SessionRecording: TerminalRecording {}

extension Launcher {
    /// The reader's direction (`LanguagePreference.layoutDirection`), for a dump's pictures.
    var userLayoutDirection: LayoutDirection { languagePreference.layoutDirection }
}

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
        switch loadDeck(assigning: true) {
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
        settings.pictures = options.tour.pictures
        (settings.language, settings.reducesMotion, settings.theme) = (
            options.tour.language, options.tour.reducesMotion, options.tour.theme
        )
        (settings.seed, settings.answers, settings.showsEveryTime) = (
            options.tour.seed, [:], !options.tour.isFirstRunOnly
        )
        settings.autoplay = options.tour.autoplaySeconds.map { Autoplay(interval: $0, loops: options.tour.loops) }
        (settings.catalogPath, settings.appID, settings.offeringID) = (
            options.paywall.catalogPath, options.state.appID, options.paywall.offeringID
        )
        (settings.extraKeys, settings.now, settings.timeRate) = (
            options.paywall.publicKeys, options.paywall.now, options.paywall.timeRate
        )
        settings.usesSandbox = options.paywall.usesSandbox
        settings.isAccessible = options.tour.isAccessible
        settings.forcedVariants = options.tour.forcedVariants
        settings.simulation =
            options.paywall.simulation.flatMap(StoreSimulator.SimulationMode.init(rawValue:)) ?? .success
        (settings.latency, settings.eventsPath, settings.isPlain) = (
            options.paywall.latency, options.output.eventsPath, options.tour.isPlain
        )
        // The paywall is built only once its page comes near; the result lists entitlements anyway.
        settings.reportsEntitlements = options.output.resultPath != nil
        settings.showsWarnings = options.output.showsWarnings
        var session = OnboardingSession(
            deck: deck, stateDirectory: stateDirectory, settings: settings, environment: environment)
        session.reader = AssetLocator.reader
        session.say = printError
        session.writeOutput = writeOutput
        session.namesCatalogFromAnywhere = BuiltInAssets.isBuiltIn
        if let path = options.output.recordPath {
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
        guard let path = options.output.resultPath else { return result.exitCode }
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

// A command-line tool that embeds tui-onboard as a library: it shows its onboarding once, in the
// user's language (right to left for Arabic or Hebrew) and with their preferences, sells through
// the checkout sheet of a `signed` catalog, and checks an entitlement before turning on a paid
// feature. Run it with `swift run onboard-host-example --lang de --deck Assets/default-deck.json`,
// and `--catalog FILE` for a catalog sold for real.
import Foundation
import OnboardDisk
import OnboardKit
import OnboardRun

var values: [String: String] = [:]
for pair in stride(from: 0, to: CommandLine.arguments.count - 2, by: 2) {
    values[CommandLine.arguments[pair + 1]] = CommandLine.arguments[pair + 2]
}
let environment = ProcessInfo.processInfo.environment
let entitlementID = values["--entitlement"] ?? "pro"

// The deck names the app, its pages (in the reader's language) and its catalog; problems are
// said as `validate` says them.
let language = LanguagePreference.resolve(option: values["--lang"], environment: environment)
let loaded = DeckLoader.load(
    path: values["--deck"] ?? "Assets/default-deck.json", reader: UserFile.reader, language: language)
for diagnostic in loaded.diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
guard let deck = loaded.deck else { exit(65) }

// The session does what `tui-onboard --first-run` does: the first-run rules, the language and
// its direction, the user's config file, the store, licenses and the checkout sheet.
var settings = OnboardingSettings()
settings.language = values["--lang"]
settings.catalogPath = values["--catalog"]
let session = OnboardingSession(
    deck: deck, stateDirectory: StateDirectory.resolve(explicit: values["--state-dir"], environment: environment),
    settings: settings, environment: environment)

/// Shows the tour when this user has not seen it (or this version's news), and records how it
/// ended; says which in one line.
func onboardOnce(with session: OnboardingSession) -> String {
    let outcome = session.run()
    if outcome.result?.outcome == .notShown { return "onboarding: seen already" }
    if case .terminal(.notATerminal) = outcome.terminalFailure { return "onboarding: not shown (not a terminal)" }
    guard let report = outcome.report else { return "onboarding: could not start (exit \(outcome.exitCode))" }
    switch report.outcome {
    case .completed: return "onboarding: completed"
    case .skipped, .dismissed: return "onboarding: skipped"
    case .interrupted, .terminated, .hangup: return "onboarding: interrupted"
    }
}

print(onboardOnce(with: session))
if session.has(entitlementID) {
    print("\(entitlementID): active, the paid feature is on")
} else {
    print("\(entitlementID): not active, the free plan")
}

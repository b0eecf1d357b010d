// A command-line tool that embeds tui-onboard as a library: it shows its onboarding once, reads
// how it ended, and checks an entitlement before turning on a paid feature. Run it with
// `swift run onboard-host-example --deck Assets/default-deck.json`.
import Foundation
import OnboardDisk
import OnboardKit
import OnboardRun

var values: [String: String] = [:]
for pair in stride(from: 0, to: CommandLine.arguments.count - 2, by: 2) {
    values[CommandLine.arguments[pair + 1]] = CommandLine.arguments[pair + 2]
}
let stateDirectory = StateDirectory.resolve(
    explicit: values["--state-dir"], environment: ProcessInfo.processInfo.environment)
let entitlementID = values["--entitlement"] ?? "pro"

// The deck names the app, its pages and its catalog; problems are said as `validate` says them.
let loaded = DeckLoader.load(path: values["--deck"] ?? "Assets/default-deck.json", reader: UserFile.reader)
for diagnostic in loaded.diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
guard let deck = loaded.deck else { exit(65) }
let catalog = deck.catalogPath.flatMap { CatalogDecoder.load(path: $0, fileReader: UserFile.readCatalog).catalog }

/// Shows the tour when this user has not seen it (or this version's news), and records how it
/// ended; says which in one line.
func onboardOnce() -> String {
    let firstRun = FirstRunRun(stateDirectory: stateDirectory)
    let shown: Deck
    switch firstRun.loadState().presentation(
        appID: deck.app.id, version: deck.app.version, pageSince: deck.allPageSince)
    {
    case .nothing: return "onboarding: seen already"
    case .firstRun: shown = deck
    case .whatsNew(_, let pages): shown = deck.keepingPages(pages)
    }
    // Purchases on the paywall are recorded in the ledger under its lock, in the state directory.
    let paywall = catalog.map { catalog in
        let ledger = (try? LedgerFile(directory: stateDirectory).load()) ?? Ledger()
        return { @Sendable in PaywallSetup(catalog: catalog, ledger: ledger, clock: StoreClock(startWallDate: Date())) }
    }
    let tour = TourRun(
        deck: shown, settings: AppSettings(seed: .random(in: 0...UInt64.max)), paywall: paywall,
        ledgerDirectory: stateDirectory)
    let report: TourReport
    do {
        report = try tour.run()
    } catch TourRun.Failure.terminal(.notATerminal) {
        return "onboarding: not shown (not a terminal)"
    } catch {
        return "onboarding: could not start (\(error))"
    }
    firstRun.save(report.visit(of: shown, date: Date()))
    switch report.outcome {
    case .completed: return "onboarding: completed"
    case .skipped, .dismissed: return "onboarding: skipped"
    case .interrupted, .terminated, .hangup: return "onboarding: interrupted"
    }
}

print(onboardOnce())
if let catalog,
    EntitlementCheck.isActive(entitlementID, catalog: catalog, appID: deck.app.id, ledgerDirectory: stateDirectory)
{
    print("\(entitlementID): active, the paid feature is on")
} else {
    print("\(entitlementID): not active, the free plan")
}

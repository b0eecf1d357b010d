import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `reset`: the first-run state forgotten, and with `--purchases` the ledger moved aside.
extension Launcher {
    /// `reset`: forgets the first-run state of `--app`, or of every app after listing them;
    /// with `--purchases` the ledger is moved aside to a dated file (never deleted) and its new
    /// path printed. A write that fails is an I/O error (74). The state goes first: when it
    /// cannot be forgotten the ledger is left where it is, so a failed reset changes nothing,
    /// and either way the messages say what was done and what was not.
    func reset() -> Int32 {
        var worst = ExitCode.success
        let store = FirstRunStateFile(directory: stateDirectory)
        let scope = options.state.appID
        // Look first, so that nothing is written when there is nothing to forget.
        var needsWrite = true
        /// Whether anything of the state is gone, for what a failure afterwards says.
        var forgotState = false
        if let state = try? store.loadWithoutRepair() {
            needsWrite = scope.map { state.apps[$0] != nil } ?? !state.apps.isEmpty
        }
        if needsWrite {
            var forgotten: [(String, FirstRunState.Record)] = []
            do {
                try store.update { (state: inout FirstRunState) -> Bool in
                    if let scope {
                        if let record = state.forget(appID: scope) { forgotten = [(scope, record)] }
                    } else {
                        forgotten = state.apps.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                        state.forgetAll()
                    }
                    // Written only when something was forgotten.
                    return !forgotten.isEmpty
                }
                forgotState = !forgotten.isEmpty
                let locale = userLocale
                let lines = forgotten.map { id, record in
                    let how = record.completion == .finished ? "completed" : "skipped"
                    return
                        "  \(SafeText.sanitize(id)): \(how) at version \(SafeText.sanitize(record.lastSeenVersion)), "
                        + StatusReport.momentText(record.date, locale: locale, timeZone: TimeZone.current)
                }
                let heading =
                    forgotten.count == 1
                    ? "forgot the first-run state of 1 app:" : "forgot the first-run state of \(forgotten.count) apps:"
                worst = max(worst, writeOutput(([heading] + lines).joined(separator: "\n") + "\n"))
            } catch {
                printError(error.description)
                switch error {
                // The damaged file was moved aside: every app starts afresh, which is what was asked.
                case .corrupt: forgotState = true
                case .io, .unencodable, .busy:
                    // Half a reset (purchases gone, the tour still "seen") is worse than none.
                    let notMoved =
                        options.state.resetsPurchases ? "; the purchase ledger was not moved aside either" : ""
                    printError("reset: nothing was forgotten\(notMoved)")
                    return ExitCode.ioError
                }
            }
        } else {
            let what = scope.map { "no first-run state for \(SafeText.sanitize($0))" } ?? "no first-run state"
            worst = max(worst, writeOutput("\(what) to forget\n"))
        }
        guard options.state.resetsPurchases else { return worst }
        do {
            if let movedTo = try LedgerFile(directory: stateDirectory).setAside(date: Date()) {
                worst = max(worst, writeOutput("purchases moved aside to \(SafeText.sanitize(movedTo))\n"))
            } else {
                worst = max(worst, writeOutput("no purchases to move aside\n"))
            }
        } catch {
            printError(error.description)
            printError(
                "reset: the purchase ledger was not moved aside"
                    + (forgotState ? ", though the first-run state was forgotten" : ""))
            worst = max(worst, ExitCode.ioError)
        }
        return max(worst, setAsideSandboxPurchases())
    }
}

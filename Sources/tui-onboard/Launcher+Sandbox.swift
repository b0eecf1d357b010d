import FoundationEssentials
import OnboardDisk
import OnboardKit

/// The sandbox ledger: where the store records purchases made under a simulated clock, so that
/// a purchase dated 2099 by `--now`, or a month that passed in a minute by `--time-rate`, never
/// reaches the answers hosts read at the real time (`status`, `has`). See DECISIONS.md.
extension Launcher {
    /// `<state dir>/sandbox`, created 0700 like the state directory when first used.
    var sandboxDirectory: String { PathText.join(stateDirectory, "sandbox") }

    /// True when the run's store keeps its purchases in the sandbox: its clock is not the real
    /// one (`--now`, a `--time-rate` other than 1), or `--sandbox` asked for it.
    var runsInSandbox: Bool {
        options.paywall.usesSandbox || options.paywall.now != nil || options.paywall.timeRate != 1
    }

    /// The directory of the ledger the run's store reads and writes.
    var runLedgerDirectory: String { runsInSandbox ? sandboxDirectory : stateDirectory }

    /// The directory of the ledger `status` and `has` read: the real one unless `--sandbox`.
    /// `--now` alone evaluates the real ledger at that date.
    var answerLedgerDirectory: String { options.paywall.usesSandbox ? sandboxDirectory : stateDirectory }
}

extension Launcher {
    /// `reset --purchases`, for the sandbox: its ledger is moved aside too (never deleted), and
    /// where to is printed. Nothing is printed when there is no sandbox ledger, so a user who
    /// never simulated a clock sees what they saw before. Returns the exit code of this part.
    func setAsideSandboxPurchases() -> Int32 {
        do {
            guard let movedTo = try LedgerFile(directory: sandboxDirectory).setAside(date: Date()) else {
                return ExitCode.success
            }
            return writeOutput("sandbox purchases moved aside to \(SafeText.sanitize(movedTo))\n")
        } catch {
            printError(error.description)
            return ExitCode.ioError
        }
    }
}

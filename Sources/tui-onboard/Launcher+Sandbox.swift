import FoundationEssentials
import OnboardDisk
import OnboardKit
import OnboardRun

/// The sandbox ledger of the command line's options, by `SandboxLedger`'s rule.
extension Launcher {
    /// `<state dir>/sandbox`, created 0700 like the state directory when first used.
    var sandboxDirectory: String { SandboxLedger.directory(in: stateDirectory) }

    /// True when the run's store keeps its purchases in the sandbox: its clock is not the real
    /// one (`--now`, a `--time-rate` other than 1), or `--sandbox` asked for it.
    var runsInSandbox: Bool {
        SandboxLedger.isUsed(
            usesSandbox: options.paywall.usesSandbox, now: options.paywall.now, timeRate: options.paywall.timeRate)
    }

    /// The directory of the ledger the run's store reads and writes.
    var runLedgerDirectory: String { runsInSandbox ? sandboxDirectory : stateDirectory }

    /// The directory of the ledger `status` and `has` read: the real one unless `--sandbox`.
    /// `--now` alone evaluates the real ledger at that date.
    var answerLedgerDirectory: String {
        SandboxLedger.answerDirectory(stateDirectory: stateDirectory, usesSandbox: options.paywall.usesSandbox)
    }
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

import FoundationEssentials
import OnboardKit

/// The sandbox ledger: where the store records purchases made under a simulated clock, so that
/// a purchase dated 2099 by `--now`, or a month that passed in a minute by `--time-rate`, never
/// reaches the answers hosts read at the real time (`status`, `has`). See DECISIONS.md.
public enum SandboxLedger {
    /// `<state dir>/sandbox`, created 0700 like the state directory when first used.
    public static func directory(in stateDirectory: String) -> String { PathText.join(stateDirectory, "sandbox") }

    /// True when a run's store keeps its purchases in the sandbox: its clock is not the real one
    /// (`now`, a `timeRate` other than 1), or `usesSandbox` asked for it.
    public static func isUsed(usesSandbox: Bool, now: Date?, timeRate: Double) -> Bool {
        usesSandbox || now != nil || timeRate != 1
    }

    /// The directory of the ledger a run's store reads and writes.
    public static func runDirectory(stateDirectory: String, usesSandbox: Bool, now: Date?, timeRate: Double) -> String {
        isUsed(usesSandbox: usesSandbox, now: now, timeRate: timeRate) ? directory(in: stateDirectory) : stateDirectory
    }

    /// The directory of the ledger `status` and `has` read: the real one unless `usesSandbox`.
    /// A date alone evaluates the real ledger at that date.
    public static func answerDirectory(stateDirectory: String, usesSandbox: Bool) -> String {
        usesSandbox ? directory(in: stateDirectory) : stateDirectory
    }
}

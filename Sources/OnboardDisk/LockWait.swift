/// How long to wait for the lock of a file another process is using.
public enum LockWait: Sendable, Equatable {
    /// Try once and report a held lock at once: for the interactive loop, which must never
    /// stop answering keys and signals.
    case never
    /// Try again every few milliseconds for up to this many seconds.
    case upTo(seconds: Double)

    /// Seconds the paths that are not interactive (start-up, saving the first-run state) wait.
    public static let patienceSeconds: Double = 5
    public static let patiently = LockWait.upTo(seconds: patienceSeconds)
}

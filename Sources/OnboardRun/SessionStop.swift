/// A run that stopped before its end, after saying why on the session's error stream: the exit
/// code is the documented one for the cause (`ExitCode`).
public struct SessionStop: Error, Equatable, Sendable {
    public var exitCode: Int32

    public init(exitCode: Int32) { self.exitCode = exitCode }
}

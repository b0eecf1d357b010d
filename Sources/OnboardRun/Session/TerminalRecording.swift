import Glibc

/// A copy of every byte written to the terminal (the executable's `--record`), opened before
/// the terminal is taken and finished once it is given back.
public protocol TerminalRecording: AnyObject {
    /// The stream the terminal is drawn through; the session closes it last.
    var output: UnsafeMutablePointer<FILE> { get }
    /// Why the recording stopped early, if it did.
    var failure: String? { get }
    /// Ends the recording (idempotent).
    func finish()
}

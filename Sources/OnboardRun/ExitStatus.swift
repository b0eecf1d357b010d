import OnboardDisk
import OnboardKit

/// The exit code a command ends with, and the one place where an error or an ending becomes
/// one. The codes themselves are `ExitCode`'s; each initializer here is a switch with no
/// `default:`, so a new case of an error does not compile until it is given its code, and
/// `ExitStatusTests` lists every case with the code it gives, as the documentation does.
public struct ExitStatus: Error, Equatable, Sendable {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// An input file that could not be read, the same in a run and in `validate`: too large is
    /// bad data (65); missing, not a regular file or unreadable is no input (66).
    public init(for error: FileReadError) {
        switch error {
        case .tooLarge: code = ExitCode.badData
        case .missing, .notRegularFile, .unreadable: code = ExitCode.missingInput
        }
    }

    /// A license file for `license add`: a missing one is no input (66); one that is there but
    /// cannot be read as a license (too large, not a regular file, unreadable) is a bad license (65).
    public init(forLicenseFile error: FileReadError) {
        switch error {
        case .missing: code = ExitCode.missingInput
        case .tooLarge, .notRegularFile, .unreadable: code = ExitCode.badData
        }
    }

    /// A ledger that cannot be used: 65 for damage and files that cannot be a ledger, 74 for
    /// failed system calls and a lock held too long; 3 for a record that was committed but not
    /// confirmed, so that nobody records it again.
    public init(for error: LedgerError) {
        switch error {
        case .damaged, .damagedInPlace, .unreadable, .unencodable: code = ExitCode.badData
        case .unconfirmed: code = ExitCode.recordedUnconfirmed
        case .io, .busy, .full: code = ExitCode.ioError
        }
    }

    /// A ledger read without writing: 65 when damaged or unreadable, 74 for a failed system call.
    public init(for error: LedgerReadError) {
        switch error {
        case .damaged, .unreadable: code = ExitCode.badData
        case .io: code = ExitCode.ioError
        }
    }

    /// A first-run state file read without writing: 65 when damaged, 74 for a failed system call.
    public init(for error: FirstRunReadError) {
        switch error {
        case .damaged: code = ExitCode.badData
        case .io: code = ExitCode.ioError
        }
    }

    /// A tour that cannot start: no terminal is a usage error (2), streams that cannot be
    /// opened an I/O error (74), a question autoplay cannot pass bad data (65).
    public init(for error: TourRun.Failure) {
        switch error {
        case .terminal: code = ExitCode.usage
        case .streams: code = ExitCode.ioError
        case .autoplayCannotAnswer: code = ExitCode.badData
        }
    }

    /// The store refusing an action: a name the catalog or ledger does not have is a usage
    /// error (2); an action that does not fit the customer's standing is a plain no (1).
    public init(for refusal: LifecycleRefusal) {
        switch refusal.kind {
        case .unknownName: code = ExitCode.usage
        case .notAllowed: code = ExitCode.notActive
        }
    }

    /// A license `license add` would not keep: a bad one, one that grants nothing now, or an
    /// encrypted one without its license key, is bad data (65); one that could not be written is
    /// an I/O error (74).
    public init(for failure: StoredLicenses.AddFailure) {
        switch failure {
        case .refused, .locked, .wrongKey: code = ExitCode.badData
        case .unsaved: code = ExitCode.ioError
        }
    }

    /// A machine without a machine id has no fingerprint: its input is missing (66).
    public init(for _: MachineIDMissing) {
        code = ExitCode.missingInput
    }

    /// A finished, skipped or dismissed tour succeeded; one ended by a signal did not.
    public init(for ending: TourEnding) {
        switch ending {
        case .completed, .skipped, .dismissed: code = ExitCode.success
        case .interrupted: code = ExitCode.interrupted
        case .terminated: code = ExitCode.terminated
        case .hangup: code = ExitCode.hangup
        }
    }

    /// A run ended by any other signal reports what the shell would show had it died of it.
    public init(signal number: Int32) {
        code = 128 + number
    }
}

// The codes as the errors' and endings' own `exitCode`, for the code that reads them so (the
// tour and the paywall); each answers with the mapping above, never a code of its own.

extension LedgerError {
    /// `ExitStatus(for:)`'s code.
    public var exitCode: Int32 { ExitStatus(for: self).code }
}

extension LedgerReadError {
    /// `ExitStatus(for:)`'s code.
    public var exitCode: Int32 { ExitStatus(for: self).code }
}

extension TourRun.Failure {
    /// `ExitStatus(for:)`'s code.
    public var exitCode: Int32 { ExitStatus(for: self).code }
}

extension TourEnding {
    /// `ExitStatus(for:)`'s code.
    public var exitCode: Int32 { ExitStatus(for: self).code }
}

extension ExitCode {
    /// `ExitStatus(signal:)`'s code.
    public static func forSignal(number: Int32) -> Int32 { ExitStatus(signal: number).code }
}

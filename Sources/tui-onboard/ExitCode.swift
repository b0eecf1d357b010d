import OnboardKit

/// The documented exit codes (sysexits where one fits).
enum ExitCode {
    static let success: Int32 = 0
    /// `has`: the entitlement is not active.
    static let notActive: Int32 = 1
    static let usage: Int32 = 2
    static let badData: Int32 = 65
    static let missingInput: Int32 = 66
    /// `init`: a file it would write exists already, or cannot be created (EX_CANTCREAT).
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let interrupted: Int32 = 130

    /// The code for an input file that could not be read, the same in a run and in `validate`:
    /// too large is bad data (65); missing, not a regular file or unreadable is no input (66).
    static func forReadError(_ error: FileReadError) -> Int32 {
        switch error {
        case .tooLarge: return badData
        case .missing, .notRegularFile, .unreadable: return missingInput
        }
    }
}

/// Every exit code the tool documents, decided here and nowhere else (sysexits where one fits;
/// 128 + the signal's number for a run a signal ended, as shells report it).
public enum ExitCode {
    public static let success: Int32 = 0
    /// `has`: the entitlement is not active.
    public static let notActive: Int32 = 1
    public static let usage: Int32 = 2
    /// `store`: the action was recorded and counts, but the disk did not confirm that it will
    /// survive a power cut, or its summary could not be written. Running it again would act
    /// twice, so it is not the I/O error (74) that means nothing was recorded.
    public static let recordedUnconfirmed: Int32 = 3
    public static let badData: Int32 = 65
    public static let missingInput: Int32 = 66
    /// `init`: a file it would write exists already, or cannot be created (EX_CANTCREAT).
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    public static let hangup: Int32 = 129
    public static let interrupted: Int32 = 130
    public static let terminated: Int32 = 143

    /// The code for an input file that could not be read, the same in a run and in `validate`:
    /// too large is bad data (65); missing, not a regular file or unreadable is no input (66).
    public static func forReadError(_ error: FileReadError) -> Int32 {
        switch error {
        case .tooLarge: return badData
        case .missing, .notRegularFile, .unreadable: return missingInput
        }
    }

    /// A finished, skipped or dismissed tour succeeded; one ended by a signal did not.
    public static func forEnding(_ outcome: TourEnding) -> Int32 {
        switch outcome {
        case .completed, .skipped, .dismissed: return success
        case .interrupted: return interrupted
        case .terminated: return terminated
        case .hangup: return hangup
        }
    }

    /// A run ended by any other signal reports what the shell would show had it died of it.
    public static func forSignal(number: Int32) -> Int32 { 128 + number }
}

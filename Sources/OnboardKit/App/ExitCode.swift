/// Every exit code the tool documents, named here and nowhere else (sysexits where one fits;
/// 128 + the signal's number for a run a signal ended, as shells report it). Which error or
/// ending gives which code is decided in one place, OnboardRun's `ExitStatus`.
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
}

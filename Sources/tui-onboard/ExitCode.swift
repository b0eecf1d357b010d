/// The documented exit codes (sysexits where one fits).
enum ExitCode {
    static let success: Int32 = 0
    static let usage: Int32 = 2
    static let badData: Int32 = 65
    static let missingInput: Int32 = 66
    static let ioError: Int32 = 74
    static let interrupted: Int32 = 130
}

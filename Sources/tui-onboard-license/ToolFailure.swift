/// Why a command of `tui-onboard-license` stopped: its exit code (sysexits) and one line to say.
struct ToolFailure: Error {
    var code: Int32
    var message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }
}

import FoundationEssentials
import Glibc

// Parse, carry out, exit: the commands live in LicenseTool.
let tool = LicenseTool(
    standardInput: {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= 65_536 {
            let count = read(0, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }, now: Date())
/// Writes all of `text` to `descriptor`; false when it cannot (a full disk, a closed pipe).
func writeAll(_ descriptor: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
    }
    return true
}

signal(SIGPIPE, SIG_IGN)
let code: Int32
switch tool.run(Array(CommandLine.arguments.dropFirst())) {
case .success(let text):
    code = writeAll(1, text) ? 0 : 74
case .failure(let failure):
    _ = writeAll(2, "tui-onboard-license: \(failure.message)\n")
    code = failure.code
}
exit(code)

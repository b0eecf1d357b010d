import Foundation

/// Runs a program to completion without a terminal, capturing what it printed.
enum CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Where a standard stream goes.
    enum Destination {
        /// A file, read back into `Output`.
        case captured
        /// A device such as /dev/full, which refuses every write.
        case device(String)
        /// Nothing: the descriptor is closed.
        case closed
    }

    /// Runs `executable` with standard input from /dev/null and its output captured (or sent
    /// where asked); one still running after `timeout` is killed, and that is an error.
    static func run(
        _ executable: String, _ arguments: [String], standardOutput: Destination = .captured,
        standardError: Destination = .captured, timeout: Duration = .seconds(10)
    ) throws -> Output {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outputPath = directory.path("stdout")
        let errorPath = directory.path("stderr")
        func path(_ destination: Destination, captured: String) -> String? {
            switch destination {
            case .captured: return captured
            case .device(let device): return device
            case .closed: return nil
            }
        }
        let status = try ChildProcess.run(
            executable, arguments, standardOutput: path(standardOutput, captured: outputPath),
            standardError: path(standardError, captured: errorPath), timeout: timeout)
        return Output(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}

import Foundation

/// Runs a program to completion without a terminal, capturing what it printed.
enum CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `executable` with standard input from /dev/null and its output captured.
    static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outputPath = directory.path("stdout")
        let errorPath = directory.path("stderr")
        let status = try ChildProcess.run(executable, arguments, standardOutput: outputPath, standardError: errorPath)
        return Output(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}

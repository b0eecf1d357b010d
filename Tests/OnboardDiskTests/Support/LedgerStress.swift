import Foundation

/// Runs the `ledger-stress` executable, which the package builds beside the test binary.
enum LedgerStress {
    struct NotBuilt: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "ledger-stress was not found beside the tests; looked in \(searched)" }
    }

    /// The built executable: in the directory of the running test binary (Linux runs
    /// `<build>/debug/<package>PackageTests.xctest` directly) or a parent of it (a bundle).
    static func executable() throws -> URL {
        var candidates: [URL] = []
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        for start in [running, URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL] {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("ledger-stress"))
                directory = directory.deletingLastPathComponent()
            }
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw NotBuilt(searched: candidates.map(\.path))
    }

    /// Starts a child with raw arguments after `<state-dir> <count> <prefix>`; its standard
    /// output goes to `output` when given.
    static func start(
        directory: String, count: Int = 0, prefix: String, options: [String], output: Pipe? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = [directory, String(count), prefix] + options
        process.standardError = FileHandle.standardError
        if let output { process.standardOutput = output }
        try process.run()
        return process
    }

    /// Starts a child that appends `count` transactions `<prefix>-<i>` to the ledger in `directory`.
    /// With `waitingFor`, the child starts appending only once that file exists.
    static func start(
        directory: String, count: Int, prefix: String, killDuringWrite: Bool = false, waitingFor gate: String? = nil,
        readyFile: String? = nil
    )
        throws -> Process
    {
        let process = Process()
        process.executableURL = try executable()
        process.arguments =
            [directory, String(count), prefix] + (killDuringWrite ? ["--kill-during-write"] : [])
            + (gate.map { ["--wait-for", $0] } ?? []) + (readyFile.map { ["--ready", $0] } ?? [])
        process.standardError = FileHandle.standardError
        try process.run()
        return process
    }
}

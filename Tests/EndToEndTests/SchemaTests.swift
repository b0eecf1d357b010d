import Foundation
import Testing

/// The JSON Schemas in Assets/schemas against a real validator (Python's jsonschema), through
/// scripts/check-schemas.py: the samples pass, a real run's result passes, and each broken deck
/// and catalog in Tests/SchemaFixtures fails on the same JSON paths `tui-onboard validate` reports.
@Suite("JSON Schemas")
struct SchemaTests {
    /// The first `python3` (on PATH, then Debian's) that can import jsonschema.
    static func python() throws -> String {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = searchPath.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            let probe = try CommandRunner.run(candidate, ["-c", "import jsonschema"])
            if probe.status == 0 { return candidate }
        }
        throw EndToEndError(
            "no python3 with jsonschema: install it with `sudo apt-get install -y python3-jsonschema` (or run `make deps`)"
        )
    }

    @Test("samples, run results and broken files agree with the schemas")
    func schemasAgreeWithTheDecoders() throws {
        let script = BuiltBinary.repositoryRoot.appendingPathComponent("scripts/check-schemas.py").path
        let result = try CommandRunner.run(
            try Self.python(), [script, "--binary", try BuiltBinary.path()], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("all agree"), "\(result.standardOutput)")
    }
}

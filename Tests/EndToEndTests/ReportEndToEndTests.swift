import Foundation
import Testing

/// `tui-onboard report` as a host runs it: files, standard input and gzip; the exit codes; bad
/// lines named by file and line; and docs/events.md held to the output by
/// scripts/check-report-sql.py (the JSON Schema, and the SQL run on DuckDB).
@Suite("report")
struct ReportEndToEndTests {
    static let script = BuiltBinary.repositoryRoot.appendingPathComponent("scripts/check-report-sql.py").path

    /// True when Python can import DuckDB, installing it from PyPI first if need be.
    static let hasDuckDB: Bool = {
        guard let python = try? SchemaTests.python() else { return false }
        if (try? CommandRunner.run(python, ["-c", "import duckdb"]))?.status == 0 { return true }
        let install = try? CommandRunner.run(
            python, ["-m", "pip", "install", "--quiet", "duckdb"], timeout: .seconds(300))
        return install?.status == 0 && (try? CommandRunner.run(python, ["-c", "import duckdb"]))?.status == 0
    }()

    static let lines = """
        {"event":"tourStarted","run":"r1","assignments":{"copy":"a"}}
        not an event
        {"event":"purchaseFinished","run":"r1","assignments":{"copy":"a"},"state":"purchased","price":"4.99","currency":"USD","trial":false}
        {"event":"tourStarted","run":"r2","assignments":{"copy":"b"}}

        """

    @Test func theJSONKeepsTheShapeTheDocumentationGives() throws {
        let result = try CommandRunner.run(
            try SchemaTests.python(), [Self.script, "--binary", try BuiltBinary.path(), "--schema-only"],
            timeout: .seconds(120))
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("keeps the documented shape"))
    }

    @Test(.enabled(if: hasDuckDB, "DuckDB (PyPI duckdb) cannot be imported or installed with pip here"))
    func theSQLGivesTheReportsNumbers() throws {
        let result = try CommandRunner.run(
            try SchemaTests.python(), [Self.script, "--binary", try BuiltBinary.path()], timeout: .seconds(300))
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("the documented SQL gives report --json's numbers"))
    }

    @Test func aFileAndStandardInputGzippedAreReadTogetherAndBadLinesNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plain = try directory.write(Self.lines, to: "events.jsonl")
        let compressed = try directory.write(
            #"{"event":"tourStarted","run":"r3","assignments":{"copy":"b"}}"# + "\n", to: "more.jsonl")
        let result = try CommandRunner.run(
            "/bin/sh",
            ["-c", "gzip -c \"$2\" | \"$1\" report \"$3\" -", "sh", try BuiltBinary.path(), compressed, plain])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("3 runs in 5 lines: 1 bad"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("bad line \(plain):2: not JSON"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Experiment copy"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("warning: too few to tell"), "\(result.standardOutput)")
    }

    @Test func aMissingFileStopsTheReportBeforeItPrints() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plain = try directory.write(Self.lines, to: "events.jsonl")
        for missing in [directory.path("nowhere.jsonl"), directory.path("")] {
            let result = try CommandRunner.run(try BuiltBinary.path(), ["report", plain, missing])
            #expect(result.status == 66, "\(missing): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains(missing), "\(result.standardError)")
        }
    }

    @Test(arguments: [["report"], ["report", ""]])
    func noFileIsAUsageError(arguments: [String]) throws {
        let result = try CommandRunner.run(try BuiltBinary.path(), arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains("report needs at least one FILE"), "\(result.standardError)")
    }

    @Test func damagedGzipIsBadDataAfterWhatWasRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plain = try directory.write(Self.lines, to: "events.jsonl")
        let cut = directory.path("cut.jsonl.gz")
        let made = try CommandRunner.run(
            "/bin/sh", ["-c", "gzip -c \"$1\" | head -c 30 > \"$2\"", "sh", plain, cut])
        #expect(made.status == 0)
        let result = try CommandRunner.run(try BuiltBinary.path(), ["report", "--json", plain, cut])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(cut): "), "\(result.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect((report?["funnel"] as? [String: Any])?["runs"] as? Int == 2, "\(result.standardOutput)")
    }
}

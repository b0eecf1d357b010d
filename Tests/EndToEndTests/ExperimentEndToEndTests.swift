import Foundation
import Glibc
import Testing

/// Experiments through the real binary: `--variant` changes a page's title and every event line
/// carries the assignment; the install id is made once and kept; two first runs at once end
/// with one id; a `--variant` the deck does not have exits 2.
@Suite("Experiments end to end")
struct ExperimentEndToEndTests {
    /// A deck of two pages whose hero title varies by `headline`'s variant, and four other
    /// experiments of ten variants each, so that two install ids agreeing on all five by chance
    /// is one in 20,000.
    static let deck = """
        {
          "app": {"id": "dev.example.experiments", "name": "Experiments"},
          "experiments": [
            {"id": "headline", "seed": "2026-12", "variants": [{"id": "a", "weight": 50}, {"id": "b", "weight": 50}]},
            \((1...4).map { experiment in
                #"{"id": "e\#(experiment)", "variants": ["# + (0..<10).map { #"{"id": "v\#($0)"}"# }.joined(separator: ", ") + "]}"
            }.joined(separator: ",\n    "))
          ],
          "pages": [
            {"kind": "step", "heading": "Welcome"},
            {"kind": "hero", "symbol": "star", "title": {"default": "Plain title", "experiment": "headline",
             "variants": {"b": {"default": "Bold title", "de": "Kühner Titel"}}}}
          ]
        }
        """

    /// Runs the built binary with `arguments` after `--deck DECK --state-dir STATE`.
    static func run(_ directory: TemporaryDirectory, _ arguments: [String]) throws -> CommandRunner.Output {
        let deck = try directory.write(deck, to: "deck.json")
        return try CommandRunner.run(
            try BuiltBinary.path(), ["--deck", deck, "--state-dir", directory.path("state")] + arguments,
            timeout: .seconds(60))
    }

    static func jsonLines(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("--variant shows the variant's title on the terminal, and every event line carries the assignment")
    func forcedVariantChangesTheTitle() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (variant, title) in [("b", "Bold title"), ("a", "Plain title")] {
            let events = directory.path("events-\(variant).jsonl")
            let terminal = try TmuxTerminal(
                deck: Self.deck,
                arguments: [
                    "--state-dir", directory.path("state"), "--reduce-motion", "--variant", "headline=\(variant)",
                    "--events", events,
                ])
            defer { terminal.close() }
            try terminal.start()
            #expect(terminal.waitForText("Welcome") != nil)
            try terminal.sendKeys("Right")
            #expect(terminal.waitForText(title) != nil, "\(terminal.screen())")
            try terminal.sendKeys("q")
            #expect(terminal.waitForExit() != nil)
            let lines = try Self.jsonLines(events)
            #expect(lines.count >= 3, "tour started, two pages viewed, finished")
            for line in lines {
                let assignments = try #require(line["assignments"] as? [String: String])
                #expect(assignments["headline"] == variant)
                #expect(assignments.count == 5)
            }
            let plain = directory.path("result-\(variant).json")
            let output = try Self.run(
                directory, ["--plain", "--variant", "headline=\(variant)", "--result-json", plain])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.contains(title), "\(output.standardOutput)")
            let assigned = try #require(try Self.object(plain)["assignments"] as? [String: String])
            #expect(assigned["headline"] == variant)
        }
        // Forced variants are never kept: the state holds the install id's own assignments.
        let status = try Self.run(directory, ["status", "--json", "--app", "dev.example.experiments"])
        let kept = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let keptAssignments = try #require(kept["assignments"] as? [String: String])
        #expect(keptAssignments.count == 4, "\(keptAssignments)")
        #expect(keptAssignments["headline"] == nil)
    }

    @Test("the install id's assignments are made once, kept in the state, and the same on every run")
    func assignmentsAreKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var seen: [[String: String]] = []
        for run in 0..<3 {
            let result = directory.path("result-\(run).json")
            let output = try Self.run(directory, ["--plain", "--result-json", result])
            #expect(output.status == 0, "\(output.standardError)")
            seen.append(try #require(try Self.object(result)["assignments"] as? [String: String]))
        }
        #expect(seen[0].count == 5)
        #expect(seen.allSatisfy { $0 == seen[0] })
        let id = try String(contentsOfFile: directory.path("state/install-id"), encoding: .utf8)
        #expect(id.range(of: "^[0-9a-f]{32}\n$", options: .regularExpression) != nil)
        let status = try Self.run(directory, ["status", "--json", "--app", "dev.example.experiments"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        #expect(report["assignments"] as? [String: String] == seen[0])
    }

    @Test("a damaged install id is replaced, said once on stderr")
    func damagedInstallID() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path("state"), withIntermediateDirectories: true)
        try "\u{1B}[2Jnot an id".write(toFile: directory.path("state/install-id"), atomically: false, encoding: .utf8)
        let first = try Self.run(directory, ["--plain"])
        #expect(first.status == 0)
        #expect(first.standardError.contains("install id was damaged"), "\(first.standardError)")
        #expect(!first.standardError.contains("\u{1B}"))
        let second = try Self.run(directory, ["--plain"])
        #expect(!second.standardError.contains("install id"), "\(second.standardError)")
    }

    @Test("a state directory that cannot hold the install id shows the default texts, said once, and no id")
    func readOnlyStateDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.deck, to: "deck.json")
        let state = directory.path("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let nobody: uid_t = 65534
        var program = try BuiltBinary.path()
        var arguments = ["--deck", deck, "--state-dir", state, "--plain"]
        // Root ignores permissions: the run is then nobody's, in a directory nobody owns but may
        // not write.
        if getuid() == 0 {
            #expect(chown(state, nobody, nobody) == 0)
            #expect(chmod(directory.url.path, 0o755) == 0)
            arguments = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", program] + arguments
            program = try #require(
                ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
                "setpriv (util-linux) is missing")
        }
        #expect(chmod(state, 0o555) == 0)
        defer { chmod(state, 0o755) }
        let output = try CommandRunner.run(program, arguments, timeout: .seconds(60))
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("Plain title"))
        #expect(!output.standardOutput.contains("Bold title"))
        #expect(output.standardError.contains("Experiments show their default texts"), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: state + "/install-id"))
    }

    @Test(
        "a --variant the deck does not have exits 2 and names what it has",
        arguments: [
            ("headlin=b", "did you mean headline?"), ("headline=c", "its variants: a, b"),
            ("headline", "EXPERIMENT=VARIANT"),
        ])
    func unknownVariant(argument: String, words: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = try Self.run(directory, ["--plain", "--variant", argument])
        #expect(output.status == 2)
        #expect(output.standardError.contains(words), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test("two first runs at once, both waiting on the install id's lock, end with one id")
    func twoFirstRunsAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.deck, to: "deck.json")
        let state = directory.path("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        // This process holds the lock while both start, and lets go once the kernel shows both
        // waiting on it: they contend for the first id for certain.
        let lockPath = state + "/install-id.lock"
        let lock = open(lockPath, O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let binary = try BuiltBinary.path()
        let pids = try (0..<2).map { index in
            try ChildProcess.start(
                binary,
                [
                    "--deck", deck, "--state-dir", state, "--plain", "--result-json",
                    directory.path("result-\(index).json"),
                ],
                standardOutput: directory.path("out-\(index)"), standardError: directory.path("err-\(index)"))
        }
        let bothWaiting = Polling.until { Set(pids).isSubset(of: Self.lockWaiters(lockPath)) }
        flock(lock, LOCK_UN)
        close(lock)
        #expect(bothWaiting, "the runs never waited for the lock together; the test did not exercise locking")
        for pid in pids { #expect(try ChildProcess.wait(for: pid, executable: binary) == 0) }
        let results = try (0..<2).map {
            try #require(try Self.object(directory.path("result-\($0).json"))["assignments"] as? [String: String])
        }
        #expect(results[0] == results[1])
        #expect(results[0].count == 5)
        let names = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(!names.contains { $0.contains("corrupt") }, "\(names)")
    }

    /// The processes waiting for the flock on `path` (the `->` lines of /proc/locks).
    static func lockWaiters(_ path: String) -> Set<pid_t> {
        var info = stat()
        guard stat(path, &info) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return []
        }
        let inodeSuffix = ":\(info.st_ino)"
        var waiters: Set<pid_t> = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 7, fields[1] == "->", fields[2] == "FLOCK", fields[6].hasSuffix(inodeSuffix),
                let pid = pid_t(fields[5])
            else { continue }
            waiters.insert(pid)
        }
        return waiters
    }
}

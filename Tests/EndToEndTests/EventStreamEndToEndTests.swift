import Foundation
import Glibc
import Testing

/// `--events` in a real terminal: the lines a host reads from a FIFO while a person pages
/// through the built-in tour and buys, checked for order, members and the schema; and the
/// files it cannot write.
@Suite("Event stream", .serialized)
struct EventStreamEndToEndTests {
    /// The reading end of a FIFO, opened before the app so that the app's open finds a reader,
    /// and the lines read from it so far.
    final class FIFOReader {
        let descriptor: Int32
        private var bytes: [UInt8] = []
        private(set) var reachedEnd = false

        init(path: String) throws {
            guard mkfifo(path, 0o600) == 0 else { throw EndToEndError("mkfifo \(path) failed") }
            descriptor = open(path, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { throw EndToEndError("cannot open \(path) to read") }
        }

        deinit { close(descriptor) }

        /// Every whole line that has arrived, each parsed.
        func lines() -> [[String: Any]] {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count == 0, !bytes.isEmpty || reachedEnd { reachedEnd = true }
                guard count > 0 else { break }
                bytes += buffer.prefix(count)
            }
            return texts().compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        /// The whole lines as text (a half line would stay out until its end arrives).
        func texts() -> [String] {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// Waits until the event `name` has arrived; the lines so far.
        func waitFor(_ name: String) -> [[String: Any]]? {
            Polling.value { () -> [[String: Any]]? in
                let lines = self.lines()
                return lines.contains { $0["event"] as? String == name } ? lines : nil
            }
        }
    }

    /// Checks each line against Assets/schemas/events.schema.json with Python's jsonschema.
    static func validate(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(lines.joined(separator: "\n") + "\n", to: "events.jsonl")
        let schema = BuiltBinary.repositoryRoot.appendingPathComponent("Assets/schemas/events.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            bad = [f"{n}: {e.message}" for n, line in enumerate(open(sys.argv[2]), 1)
                   for e in validator.iter_errors(json.loads(line))]
            print("\\n".join(bad) or "all valid")
            sys.exit(1 if bad else 0)
            """
        let result = try CommandRunner.run(try SchemaTests.python(), ["-c", script, schema, file])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)", sourceLocation: sourceLocation)
    }

    @Test("a tour into a FIFO tells each step in order, with the deck's indexes and the purchase")
    func aTourIntoAFIFOTellsEachStepInOrder() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let reader = try FIFOReader(path: files.path("events.fifo"))
        let terminal = try TmuxTerminal(
            width: 100, height: 30,
            arguments: [
                "--state-dir", files.path("state"), "--now", "2026-01-01", "--latency", "0.3", "--seed", "7",
                "--events", files.path("events.fifo"),
            ])
        defer { terminal.close() }
        try terminal.start()
        #expect(reader.waitFor("pageViewed") != nil, "no first page:\n\(terminal.screen())")
        try terminal.sendKeys("Right")
        #expect(Polling.until { reader.lines().count >= 3 }, "no second page:\n\(terminal.screen())")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(reader.waitFor("paywallShown") != nil, "no paywall:\n\(terminal.screen())")
        #expect(try terminal.chooseOnBuiltInPaywall(.monthly) != nil, "\(terminal.screen())")
        #expect(reader.waitFor("packageSelected") != nil, "Monthly's selection was not told:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(reader.waitFor("purchaseFinished") != nil, "no purchase:\n\(terminal.screen())")
        #expect(terminal.waitForText("You're all set") != nil, "\(terminal.screen())")
        #expect(try terminal.dismiss("You're all set"))
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        let ended = Polling.until {
            _ = reader.lines()
            return reader.reachedEnd
        }
        #expect(ended, "the stream did not end")

        let lines = reader.lines()
        #expect(
            lines.map { $0["event"] as? String ?? "?" } == [
                "tourStarted", "pageViewed", "pageViewed", "pageViewed", "paywallShown", "packageSelected",
                "purchaseStarted", "purchaseFinished", "tourFinished",
            ], "\(reader.texts().joined(separator: "\n"))")
        guard lines.count == 9 else { return }
        #expect(lines.compactMap { $0["index"] as? Int } == [0, 1, 7, 7])
        #expect(Set(lines.compactMap { $0["run"] as? String }).count == 1)
        #expect(lines.allSatisfy { $0["mode"] as? String == "tour" && $0["version"] as? Int == 1 })
        let times = lines.compactMap { $0["time"] as? String }
        #expect(times.count == 9 && times == times.sorted(), "\(times)")
        #expect(lines[5]["package"] as? String == "$rc_monthly")
        #expect(
            lines[7]["product"] as? String == "tui_onboard_pro_monthly" && lines[7]["state"] as? String == "purchased")
        let ledger = try String(contentsOfFile: files.path("state/sandbox/ledger.jsonl"), encoding: .utf8)
        let transaction = try #require(lines[7]["transaction"] as? String)
        #expect(ledger.contains("\"\(transaction)\""), "the event's transaction is not the ledger's")
        #expect(lines[8]["outcome"] as? String == "quit" && lines[8]["lastPage"] as? Int == 7)
        try Self.validate(reader.texts())
    }

    @Test("events that cannot be opened stop the run first; ones that cannot be written do not end it")
    func unwritableEvents() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        #expect(mkfifo(files.path("nobody.fifo"), 0o600) == 0)
        let refused = try TmuxTerminal(
            arguments: ["--state-dir", files.path("state"), "--events", files.path("nobody.fifo")],
            capturingStandardError: true)
        defer { refused.close() }
        try refused.start()
        #expect(refused.waitForExit() == 74)
        #expect(refused.standardError().contains("start the reader first"), "\(refused.standardError())")
        #expect(!refused.isAlternateScreenOn)

        let full = try TmuxTerminal(
            arguments: ["--state-dir", files.path("state"), "--events", "/dev/full"], capturingStandardError: true)
        defer { full.close() }
        try full.start()
        #expect(full.waitForText("tui-onboard") != nil)
        try full.sendKeys("q")
        #expect(full.waitForExit() == 0)
        #expect(
            full.standardError().contains("events were not written to /dev/full: No space left on device"),
            "\(full.standardError())")
    }
}

import Foundation
import Glibc
import Testing

/// `status`, `has` and `reset` as a host app calls them, from processes other than the one that
/// shows the tour: they agree with what was bought on the paywall, never write, answer while
/// another instance holds the locks, and `reset` brings the tour back.
@Suite("Entitlement commands", .serialized)
struct EntitlementCommandsTests {
    static let builtInApp = "dev.tui-onboard.demo"

    private func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    /// Every file in `directory` with its bytes, to show that nothing was written.
    private func snapshot(_ directory: String) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, FileManager.default.contents(atPath: "\(directory)/\($0)") ?? Data())
            })
    }

    private func holdLock(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        return descriptor
    }

    @Test("buy on the paywall, then status --json and has agree in another process, with the locks held")
    func boughtOnThePaywallStatusAndHasAgree() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        let before = try run(["has", "pro", "--state-dir", directory])
        #expect(before.status == 1 && before.standardOutput.isEmpty, "\(before)")
        #expect(!FileManager.default.fileExists(atPath: directory), "has created the state directory")

        let app = try TmuxTerminal(arguments: ["--state-dir", directory, "--latency", "0.3", "--now", "2026-01-01"])
        defer { app.close() }
        try app.start()
        _ = app.waitForText("Welcome to tui-onboard")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(app.waitForText("Not purchased") != nil, "\(app.screen())")
        #expect(try app.chooseOnBuiltInPaywall(.monthly) != nil, "\(app.screen())")
        try app.sendKeys("Enter")
        #expect(app.waitForText("You're all set") != nil, "\(app.screen())")

        // The app is still running; another instance holds the locks. Bought under --now, the
        // purchase is in the sandbox ledger, which --sandbox reads.
        var locks = try ["ledger.lock", "sandbox/ledger.lock", "state.lock"].map { try holdLock("\(directory)/\($0)") }
        defer { locks.forEach { close($0) } }
        let files = snapshot(directory)
        for (now, active) in [("2026-01-15", true), ("2026-03-15", true)] {
            let has = try run(["has", "pro", "--state-dir", directory, "--now", now, "--sandbox"])
            #expect(has.standardOutput.isEmpty && has.standardError.isEmpty, "\(has)")
            let status = try run(["status", "--json", "--state-dir", directory, "--now", now, "--sandbox"])
            #expect(status.status == 0, "\(status)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
            #expect(object["version"] as? Int == 2)
            #expect(object["app"] as? String == Self.builtInApp)
            let pro = try #require((object["entitlements"] as? [[String: Any]])?.first { $0["id"] as? String == "pro" })
            #expect(pro["active"] as? Bool == active, "at \(now): \(status.standardOutput)")
            #expect(has.status == (active ? 0 : 1), "has and status disagree at \(now): \(has.status)")
            if active {
                #expect(pro["state"] as? String == "active")
                #expect(pro["productID"] as? String == "tui_onboard_pro_monthly")
                #expect(pro["willRenew"] as? Bool == true)
            }
        }
        let human = try run(["status", "--state-dir", directory, "--now", "2026-01-15", "--sandbox"])
        #expect(human.status == 0)
        #expect(human.standardOutput.contains("pro  active    Active until Feb 1, 2026 (renews)"), "\(human)")
        #expect(snapshot(directory) == files, "status or has wrote to the state directory")
        // Released before the app quits: it saves the first-run state under that lock.
        locks.forEach { close($0) }
        locks = []
        #expect(try app.dismiss("You're all set"), "Esc did not close it:\n\(app.screen())")
        try app.sendKeys("q")
        #expect(app.waitForExit() == 0)
    }

    @Test("damaged files are reported with 65 and left as they are")
    func damageIsReportedNotRepaired() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "garbage\nmore\n".write(toFile: "\(directory)/ledger.jsonl", atomically: true, encoding: .utf8)
        let files = snapshot(directory)
        for arguments in [["status"], ["status", "--json"], ["has", "pro"]] {
            let output = try run(arguments + ["--state-dir", directory])
            #expect(output.status == 65, "\(arguments): \(output)")
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.contains("is damaged at line 1"), "\(output.standardError)")
            #expect(output.standardError.contains("left as it is"), "\(output.standardError)")
        }
        #expect(snapshot(directory) == files)

        try FileManager.default.removeItem(atPath: "\(directory)/ledger.jsonl")
        try "{\"apps\": ".write(toFile: "\(directory)/state.json", atomically: true, encoding: .utf8)
        let damagedState = snapshot(directory)
        let status = try run(["status", "--state-dir", directory])
        #expect(status.status == 65, "\(status)")
        #expect(status.standardError.contains("state.json is unreadable"), "\(status.standardError)")
        // `has` does not need the first-run state.
        #expect(try run(["has", "pro", "--state-dir", directory]).status == 1)
        #expect(snapshot(directory) == damagedState)
    }

    @Test("an entitlement the catalog does not define is a usage error, said on stderr")
    func unknownEntitlement() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let output = try run(["has", "prp", "--state-dir", state.path("state")])
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("unknown entitlement \"prp\""), "\(output.standardError)")
        #expect(output.standardError.contains("did you mean \"pro\"?"), "\(output.standardError)")
        // Another app named alone does not borrow the built-in tour's catalog.
        let otherApp = try run(["has", "pro", "--app", "com.example.tool", "--state-dir", state.path("state")])
        #expect(otherApp.status == 2, "\(otherApp)")
        #expect(otherApp.standardError.contains("pass the app's --deck FILE"), "\(otherApp.standardError)")
        let otherStatus = try run(["status", "--json", "--app", "com.example.tool", "--state-dir", state.path("s")])
        #expect(otherStatus.status == 0, "\(otherStatus)")
        #expect(otherStatus.standardOutput.contains("\"catalog\" : null"), "\(otherStatus.standardOutput)")
        #expect(otherStatus.standardOutput.contains("\"entitlements\" : [\n\n  ]"), "\(otherStatus.standardOutput)")
        let withDeck = try run(
            [
                "has", "pro", "--app", "com.example.tool", "--deck", HostExampleTests.deck, "--state-dir",
                state.path("s"),
            ])
        #expect(withDeck.status == 1, "\(withDeck)")
        let catalog = try run(["has", "pro", "--catalog", "/nonexistent/catalog.json", "--state-dir", state.path("s")])
        #expect(catalog.status == 66, "\(catalog)")
    }

    @Test("reset brings the tour back: seen, reset, shown again")
    func resetBringsTheTourBack() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        let first = try TmuxTerminal(arguments: ["--first-run", "--state-dir", directory])
        defer { first.close() }
        try first.start()
        #expect(first.waitForText("Welcome to tui-onboard") != nil, "\(first.screen())")
        try first.sendKeys("s")
        #expect(first.waitForExit() == 0)

        // Seen: a second start ends at once, without needing a terminal.
        let seen = try run(["--first-run", "--state-dir", directory])
        #expect(seen.status == 0 && seen.standardOutput.isEmpty, "\(seen)")
        let status = try run(["status", "--state-dir", directory])
        #expect(status.standardOutput.contains("onboarding: skipped at version"), "\(status)")

        let reset = try run(["reset", "--app", Self.builtInApp, "--state-dir", directory])
        #expect(reset.status == 0, "\(reset)")
        #expect(reset.standardOutput.hasPrefix("forgot the first-run state of 1 app:\n"), "\(reset)")
        #expect(reset.standardOutput.contains("  \(Self.builtInApp): skipped at version"), "\(reset)")
        #expect(try run(["status", "--state-dir", directory]).standardOutput.contains("onboarding: not seen yet"))

        let again = try TmuxTerminal(arguments: ["--first-run", "--state-dir", directory])
        defer { again.close() }
        try again.start()
        #expect(again.waitForText("Welcome to tui-onboard") != nil, "the tour did not come back:\n\(again.screen())")
        try again.sendKeys("q")
        #expect(again.waitForExit() == 0)

        let nothing = try run(["reset", "--app", "com.example.other", "--state-dir", directory])
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput == "no first-run state for com.example.other to forget\n")
    }

    @Test("reset without --app lists every app it forgets; --purchases moves the ledger aside, never deletes it")
    func resetAllAndPurchases() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        {"apps": {"com.example.b": {"lastSeenVersion": "2.0.0", "completion": "skipped", "date": 1769817600},
                  "com.example.a": {"lastSeenVersion": "1.0.0", "completion": "finished", "date": 1769817600}}}
        """.write(toFile: "\(directory)/state.json", atomically: true, encoding: .utf8)
        let ledger = Data("whatever was bought\n".utf8)
        try ledger.write(to: URL(fileURLWithPath: "\(directory)/ledger.jsonl"))

        let reset = try run(["reset", "--purchases", "--state-dir", directory])
        #expect(reset.status == 0, "\(reset)")
        let lines = reset.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(reset.standardOutput)")
        #expect(lines.first == "forgot the first-run state of 2 apps:")
        #expect(lines.dropFirst().first?.hasPrefix("  com.example.a: completed at version 1.0.0") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("  com.example.b: skipped at version 2.0.0") == true)
        let moved = try #require(lines.last?.components(separatedBy: "purchases moved aside to ").last)
        #expect(moved.hasPrefix("\(directory)/ledger.reset-") && moved.hasSuffix(".jsonl"), "\(moved)")
        #expect(FileManager.default.contents(atPath: moved) == ledger)
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/ledger.jsonl"))
        #expect(try run(["status", "--state-dir", directory]).standardOutput.contains("onboarding: not seen yet"))

        let again = try run(["reset", "--purchases", "--state-dir", directory])
        #expect(again.standardOutput == "no first-run state to forget\nno purchases to move aside\n", "\(again)")
    }

    @Test("reset exits 74 when it cannot write")
    func resetThatCannotWrite() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let directory = state.path("state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try """
        {"apps": {"com.example.a": {"lastSeenVersion": "1.0.0", "completion": "finished", "date": 0}}}
        """.write(toFile: "\(directory)/state.json", atomically: true, encoding: .utf8)
        try "x\n".write(toFile: "\(directory)/ledger.jsonl", atomically: true, encoding: .utf8)
        // Locks that cannot be opened for writing, even by root: directories in their place.
        for name in ["state.lock", "ledger.lock"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(name)", withIntermediateDirectories: false)
        }
        let files = snapshot(directory)
        for arguments in [["reset"], ["reset", "--app", "com.example.a"], ["reset", "--purchases", "--app", "none"]] {
            let output = try run(arguments + ["--state-dir", directory])
            #expect(output.status == 74, "\(arguments): \(output)")
            #expect(output.standardError.contains("state.lock") || output.standardError.contains("ledger.lock"))
        }
        #expect(snapshot(directory) == files)
    }

    /// A state directory with one app's state to forget and a ledger, for `reset --purchases`.
    private func writeStateAndLedger(in directory: String) throws -> (state: Data, ledger: Data) {
        let state = Data(
            #"{"apps": {"com.example.a": {"lastSeenVersion": "1.0.0", "completion": "finished", "date": 0}}}"#.utf8)
        let ledger = Data("whatever was bought\n".utf8)
        try state.write(to: URL(fileURLWithPath: "\(directory)/state.json"))
        try ledger.write(to: URL(fileURLWithPath: "\(directory)/ledger.jsonl"))
        return (state, ledger)
    }

    /// What `reset --purchases` must leave when forgetting the state failed: both files as they
    /// were, no ledger moved aside, 74, and a message saying neither step was done.
    private func expectNothingReset(
        _ output: CommandRunner.Output, in directory: String, state: Data, ledger: Data
    ) throws {
        #expect(output.status == 74, "\(output)")
        #expect(
            output.standardError.contains(
                "reset: nothing was forgotten; the purchase ledger was not moved aside either"),
            "\(output.standardError)")
        #expect(FileManager.default.contents(atPath: "\(directory)/ledger.jsonl") == ledger)
        #expect(FileManager.default.contents(atPath: "\(directory)/state.json") == state)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!names.contains { $0.hasPrefix("ledger.reset-") }, "\(names)")
    }

    @Test("reset --purchases whose state cannot be forgotten leaves the ledger where it was")
    func resetStopsWhenTheStateCannotBeForgotten() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let directory = files.path("state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (state, ledger) = try writeStateAndLedger(in: directory)
        // The state's lock cannot be opened (even by root); the ledger's can.
        try FileManager.default.createDirectory(atPath: "\(directory)/state.lock", withIntermediateDirectories: false)
        let output = try run(["reset", "--purchases", "--state-dir", directory])
        try expectNothingReset(output, in: directory, state: state, ledger: ledger)
    }

    @Test(
        "reset --purchases on a full disk changes nothing, and does the whole reset once there is room",
        .enabled(if: FullFileSystem.isAvailable, "needs root to mount a small tmpfs"))
    func resetOnAFullDisk() throws {
        let disk = try FullFileSystem(kilobytes: 64)
        defer { disk.remove() }
        let directory = disk.path("state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (state, ledger) = try writeStateAndLedger(in: directory)
        // The locks exist already: a full disk still has room for them, as for any empty file.
        try disk.fill()
        let output = try run(["reset", "--purchases", "--state-dir", directory])
        try expectNothingReset(output, in: directory, state: state, ledger: ledger)
        #expect(output.standardError.contains("No space left on device"), "\(output.standardError)")

        disk.drain()
        let again = try run(["reset", "--purchases", "--state-dir", directory])
        #expect(again.status == 0, "\(again)")
        #expect(again.standardOutput.contains("purchases moved aside to \(directory)/ledger.reset-"), "\(again)")
    }

    @Test("once an app's tour has run, has and status answer for it by its id alone, from any directory")
    func anAppIsAnsweredByItsIdAlone() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        // A host app's own deck and catalog, named by a relative path from the deck's folder.
        _ = try files.write(
            """
            {"formatVersion": 1, "currency": "USD", "currentOffering": "main",
             "links": {"privacyPolicy": "https://example.com/p", "termsOfUse": "https://example.com/t"},
             "products": [{"id": "pro.lifetime", "type": "nonConsumable", "price": "9.99", "title": "Tool Pro"}],
             "entitlements": [{"id": "pro", "displayName": "Tool Pro", "products": ["pro.lifetime"]}],
             "offerings": [{"id": "main", "packages": [{"id": "$rc_lifetime", "product": "pro.lifetime"}]}]}
            """, to: "catalog.json")
        let deck = try files.write(
            """
            {"app": {"id": "com.example.tool", "name": "Tool", "version": "1.0.0"}, "catalog": "catalog.json",
             "pages": [{"kind": "step", "heading": "Hello"}]}
            """, to: "deck.json")
        let state = files.path("state")
        let before = try run(["has", "pro", "--app", "com.example.tool", "--state-dir", state])
        #expect(before.status == 2, "before any run the app's catalog is not known: \(before)")

        let shown = try run(["--first-run", "--plain", "--deck", deck, "--state-dir", state])
        #expect(shown.status == 0, "\(shown)")
        #expect(try run(["has", "pro", "--app", "com.example.tool", "--state-dir", state]).status == 1)

        // A purchase recorded the way the app records one.
        let stress = BuiltBinary.repositoryRoot.appendingPathComponent(".build/debug/ledger-stress").path
        let bought = try CommandRunner.run(stress, [state, "0", "tool", "--buy", "pro.lifetime"])
        #expect(bought.standardOutput.contains("saved"), "\(bought)")
        let has = try run(["has", "pro", "--app", "com.example.tool", "--state-dir", state])
        #expect(has.status == 0 && has.standardOutput.isEmpty, "\(has)")
        let status = try run(["status", "--json", "--app", "com.example.tool", "--state-dir", state])
        #expect(status.standardOutput.contains(files.path("catalog.json")), "\(status.standardOutput)")
        #expect(status.standardOutput.contains("\"lifetime\""), "\(status.standardOutput)")
    }
}

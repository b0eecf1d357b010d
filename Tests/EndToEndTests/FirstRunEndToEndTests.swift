import Foundation
import Testing

/// `--first-run` across runs, in a real terminal and in pipes: the tour once, only the pages
/// new in an upgrade, the review box once, and what `--result-json` says about each run.
@Suite("First run, What's New and the review prompt")
struct FirstRunEndToEndTests {
    static let appName = "Demo App"
    static let reviewURL = "https://example.com/review"

    /// Two pages as old as the app, one new in 1.1.0 and one in 1.2.0; a review prompt.
    static func deck(version: String, review: Bool = false) -> String {
        let reviewMember =
            review ? #""review": {"prompt": "Enjoying Demo App?", "url": "\#(reviewURL)"},"# : ""
        return """
            {
              "app": {"id": "com.example.firstrun", "name": "\(appName)", "version": "\(version)"},
              \(reviewMember)
              "pages": [
                {"kind": "step", "heading": "Welcome aboard", "text": "The oldest page."},
                {"kind": "step", "heading": "Second step here", "text": "Also old."},
                {"kind": "step", "heading": "Folders arrived", "text": "New in 1.1.", "since": "1.1.0"},
                {"kind": "step", "heading": "Sharing arrived", "text": "New in 1.2.", "since": "1.2.0"}
              ]
            }
            """
    }

    /// A key of the result JSON, read with Foundation.
    static func result(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func state(_ directory: TemporaryDirectory) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path("state/state.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let apps = try #require(root["apps"] as? [String: Any])
        return try #require(apps["com.example.firstrun"] as? [String: Any])
    }

    /// Runs the deck in a fresh 80x24 tmux terminal with `--first-run` against `state`.
    static func terminal(
        version: String, review: Bool = false, state: TemporaryDirectory, result: String, firstRun: Bool = true
    ) throws -> TmuxTerminal {
        try TmuxTerminal(
            deck: deck(version: version, review: review),
            arguments: (firstRun ? ["--first-run"] : []) + [
                "--reduce-motion", "--state-dir", state.path("state"), "--result-json", result,
            ],
            capturingStandardError: true)
    }

    @Test("a first run shows the tour; the next run shows nothing and never touches the terminal")
    func firstRunThenNothing() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try Self.terminal(version: "1.0.0", state: state, result: state.path("first.json"))
        defer { first.close() }
        try first.start()
        #expect(first.waitForText("Welcome aboard") != nil, "\(first.screen().lines)")
        try first.sendKeys("End")
        #expect(first.waitForText("Sharing arrived") != nil)
        try first.sendKeys("Enter")
        #expect(first.waitForExit() == 0)
        let shown = try Self.result(state.path("first.json"))
        #expect(shown["outcome"] as? String == "completed")
        #expect(shown["mode"] as? String == "tour")
        #expect(shown["pagesSeen"] as? [Int] == [0, 3])
        #expect(shown["lastPage"] as? Int == 3)
        #expect(try Self.state(state)["lastSeenVersion"] as? String == "1.0.0")

        let second = try Self.terminal(version: "1.0.0", state: state, result: state.path("second.json"))
        defer { second.close() }
        try second.start(recordingOutput: true)
        #expect(second.waitForExit() == 0)
        #expect(second.recordedOutput().isEmpty, "the app wrote \(second.recordedOutput().count) bytes")
        #expect(second.standardError().isEmpty, "\(second.standardError())")
        let nothing = try Self.result(state.path("second.json"))
        #expect(nothing["outcome"] as? String == "not-shown")
        #expect(nothing["reason"] as? String == "seen")
        #expect(nothing["mode"] is NSNull)
    }

    @Test("an upgrade shows only the pages new since the version seen, with dots for just those")
    func upgradeShowsOnlyTheNewPages() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        // Seen at 1.0.0, through --plain (which counts as shown).
        let seen = try CommandRunner.run(
            try BuiltBinary.path(),
            [
                "--deck", try state.write(Self.deck(version: "1.0.0"), to: "deck.json"), "--first-run", "--plain",
                "--state-dir", state.path("state"),
            ])
        #expect(seen.status == 0)

        let upgraded = try Self.terminal(version: "1.2.0", state: state, result: state.path("upgrade.json"))
        defer { upgraded.close() }
        try upgraded.start()
        let screen = try #require(upgraded.waitForText("Folders arrived"), "\(upgraded.screen().lines)")
        #expect(screen.contains("What's new in \(Self.appName) 1.2.0"))
        #expect(!screen.contains("Welcome aboard"))
        // Two dots: the two new pages, the first current.
        let dots = try #require(screen.lines.first { $0.contains("●") })
        #expect(dots.filter { $0 == "●" || $0 == "○" }.count == 2, "\(dots)")
        try upgraded.sendKeys("Right")
        #expect(upgraded.waitForText("Sharing arrived") != nil)
        try upgraded.sendKeys("Right")
        try upgraded.sendKeys("Enter")
        #expect(upgraded.waitForExit() == 0)
        let result = try Self.result(state.path("upgrade.json"))
        #expect(result["mode"] as? String == "whats-new")
        #expect(result["outcome"] as? String == "completed")
        #expect(result["pagesSeen"] as? [Int] == [2, 3])
        #expect((result["app"] as? [String: Any])?["previousVersion"] as? String == "1.0.0")
        #expect(try Self.state(state)["lastSeenVersion"] as? String == "1.2.0")

        // The same version again: nothing.
        let again = try CommandRunner.run(
            try BuiltBinary.path(),
            [
                "--deck", upgraded.directory.path("deck.json"), "--first-run", "--state-dir", state.path("state"),
                "--result-json", "-",
            ])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains(#""reason" : "seen""#), "\(again.standardOutput)")
    }

    @Test("the review box, answered once, is not shown again")
    func reviewAnsweredOnce() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try Self.terminal(
            version: "1.0.0", review: true, state: state, result: state.path("first.json"), firstRun: false)
        defer { first.close() }
        try first.start()
        #expect(first.waitForText("Welcome aboard") != nil)
        try first.sendKeys("End")
        #expect(first.waitForText("Sharing arrived") != nil)
        try first.sendKeys("Enter")
        let box = try #require(first.waitForText("Enjoying Demo App?"), "\(first.screen().lines)")
        #expect(box.contains("☆  ☆  ☆  ☆  ☆"))
        #expect(box.contains("Later") && box.contains("Never"))
        try first.sendKeys("5")
        #expect(first.waitForText(Self.reviewURL) != nil, "\(first.screen().lines)")
        try first.sendKeys("Space")
        #expect(first.waitForExit() == 0)
        let answered = try Self.result(state.path("first.json"))
        let review = try #require(answered["review"] as? [String: Any])
        #expect(review["answer"] as? String == "rated")
        #expect(review["stars"] as? Int == 5)
        let stored = try #require(try Self.state(state)["review"] as? [String: Any])
        #expect(stored["answer"] as? String == "rated")

        // The tour again, even at a newer version: completing it just ends.
        let second = try Self.terminal(
            version: "1.1.0", review: true, state: state, result: state.path("second.json"), firstRun: false)
        defer { second.close() }
        try second.start()
        #expect(second.waitForText("Welcome aboard") != nil)
        try second.sendKeys("End")
        #expect(second.waitForText("Sharing arrived") != nil)
        try second.sendKeys("Enter")
        #expect(second.waitForExit() == 0, "\(second.screen().lines)")
        #expect(try Self.result(state.path("second.json"))["review"] is NSNull)
    }
}

/// The result JSON of runs with a paywall: what was bought and restored, what is active.
@Suite("Result JSON with a paywall")
struct ResultWithPaywallTests {
    static func launch(state: TemporaryDirectory, result: String, now: String = "2026-01-01") throws -> TmuxTerminal {
        let terminal = try TmuxTerminal(
            arguments: [
                "--state-dir", state.path("state"), "--latency", "0", "--now", now, "--seed", "7",
                "--reduce-motion", "--result-json", result,
            ])
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        _ = try #require(terminal.waitForText("Not purchased") ?? terminal.waitForText("Active until"))
        return terminal
    }

    @Test("a purchase and a restore are in the result, with the entitlement active at the end")
    func purchaseAndRestore() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let first = try Self.launch(state: state, result: state.path("buy.json"))
        defer { first.close() }
        #expect(try first.chooseOnBuiltInPaywall(.monthly) != nil, "\(first.screen())")
        try first.sendKeys("Enter")
        #expect(first.waitForText("You're all set") != nil, "\(first.screen())")
        #expect(try first.dismiss("You're all set"), "Esc did not close it:\n\(first.screen())")
        try first.sendKeys("q")
        #expect(first.waitForExit() == 0)
        let bought = try FirstRunEndToEndTests.result(state.path("buy.json"))
        #expect(bought["outcome"] as? String == "quit")
        let purchases = try #require(bought["purchases"] as? [[String: Any]])
        #expect(purchases.map { $0["productID"] as? String } == ["tui_onboard_pro_monthly"])
        #expect(purchases.first?["state"] as? String == "purchased")
        #expect(purchases.first?["date"] as? String == "2026-01-01T00:00:00Z")
        let active = try #require(bought["entitlements"] as? [[String: Any]])
        #expect(active.map { $0["id"] as? String } == ["pro"])
        #expect(active.first?["willRenew"] as? Bool == true)
        #expect((bought["restores"] as? [Any])?.isEmpty == true)

        // A day later: the purchase counts from the moment it was made, a second or so into
        // the first run's 2026-01-01, which a run starting at 2026-01-01 again has not reached.
        let second = try Self.launch(state: state, result: state.path("restore.json"), now: "2026-01-02")
        defer { second.close() }
        try second.sendKeys("r")
        #expect(second.waitForText("Already up to date") != nil, "\(second.screen())")
        #expect(try second.dismiss("Already up to date"), "Esc did not close it:\n\(second.screen())")
        try second.sendKeys("q")
        #expect(second.waitForExit() == 0)
        let restored = try FirstRunEndToEndTests.result(state.path("restore.json"))
        #expect((restored["purchases"] as? [Any])?.isEmpty == true)
        let restores = try #require(restored["restores"] as? [[String: Any]])
        #expect(restores.count == 1)
        #expect((restores.first?["restored"] as? [String]) == [])
        #expect((restored["entitlements"] as? [[String: Any]])?.map { $0["id"] as? String } == ["pro"])
    }
}

/// The first-run state and the result JSON outside a terminal: plain runs, damaged and
/// unwritable state.
@Suite("First-run state from the command line")
struct FirstRunCommandLineTests {
    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--first-run --plain counts as shown; an upgrade without new pages records it and prints nothing")
    func plainCountsAsShown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(FirstRunEndToEndTests.deck(version: "1.2.0"), to: "deck.json")
        let arguments = ["--deck", deck, "--first-run", "--plain", "--state-dir", directory.path("state")]
        let first = try Self.run(arguments)
        #expect(first.status == 0)
        #expect(first.standardOutput.contains("[4/4] Sharing arrived"))
        let second = try Self.run(arguments + ["--result-json", "-"])
        #expect(second.status == 0)
        let result = try Self.json(second.standardOutput)
        #expect(result["outcome"] as? String == "not-shown")

        try directory.write(FirstRunEndToEndTests.deck(version: "1.2.5"), to: "deck.json")
        let patch = try Self.run(arguments + ["--result-json", directory.path("patch.json")])
        #expect(patch.status == 0)
        #expect(patch.standardOutput.isEmpty)
        let patchResult = try FirstRunEndToEndTests.result(directory.path("patch.json"))
        #expect(patchResult["reason"] as? String == "no-new-pages")
        #expect(try FirstRunEndToEndTests.state(directory)["lastSeenVersion"] as? String == "1.2.5")
    }

    @Test("a damaged or directory-shaped state file is moved aside, named, and the tour runs as a first launch")
    func damagedState() throws {
        for makeDamage in [
            { (path: String) in try Data("{\"apps\": [".utf8).write(to: URL(fileURLWithPath: path)) },
            { (path: String) in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            },
        ] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.createDirectory(atPath: directory.path("state"), withIntermediateDirectories: true)
            try makeDamage(directory.path("state/state.json"))
            let deck = try directory.write(FirstRunEndToEndTests.deck(version: "1.0.0"), to: "deck.json")
            let result = try Self.run(
                [
                    "--deck", deck, "--first-run", "--plain", "--state-dir", directory.path("state"),
                    "--result-json", directory.path("result.json"),
                ])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("[1/4] Welcome aboard"))
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("state"))
            let movedAside = try #require(names.first { $0.hasPrefix("state.corrupt-") }, "\(names)")
            #expect(result.standardError.contains(directory.path("state/\(movedAside)")), "\(result.standardError)")
            let json = try FirstRunEndToEndTests.result(directory.path("result.json"))
            let state = try #require(json["state"] as? [String: Any])
            #expect((state["problems"] as? [String])?.first?.contains(movedAside) == true)
            #expect(state["saved"] as? Bool == true)
            #expect(try FirstRunEndToEndTests.state(directory)["lastSeenVersion"] as? String == "1.0.0")
        }
    }

    @Test("a state directory that cannot be written: a warning, the tour, and the result says it was not saved")
    func unwritableStateDirectory() throws {
        // /sys refuses new files even to root.
        guard access("/sys", W_OK) != 0 || getuid() == 0, FileManager.default.fileExists(atPath: "/sys/kernel")
        else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(FirstRunEndToEndTests.deck(version: "1.0.0"), to: "deck.json")
        let result = try Self.run(
            ["--deck", deck, "--first-run", "--plain", "--state-dir", "/sys", "--result-json", "-"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("[1/4] Welcome aboard"))
        #expect(result.standardError.contains("not saved"), "\(result.standardError)")
        let text = result.standardOutput
        let start = try #require(text.range(of: "\n{")).lowerBound
        let json = try Self.json(String(text[start...]))
        #expect((json["state"] as? [String: Any])?["saved"] as? Bool == false)
        #expect(json["outcome"] as? String == "completed")
    }

    @Test("a result file that cannot be written exits 74 and says why")
    func unwritableResult() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(FirstRunEndToEndTests.deck(version: "1.0.0"), to: "deck.json")
        let result = try Self.run(
            [
                "--deck", deck, "--plain", "--state-dir", directory.path("state"), "--result-json",
                directory.path("missing/result.json"),
            ])
        #expect(result.status == 74)
        #expect(result.standardError.contains("could not write the result"), "\(result.standardError)")
    }
}

import Foundation
import Glibc
import Testing

/// State directories that are not plainly the user's: one that cannot be written, one with a
/// link planted in it, one of another owner.
extension LedgerEndToEndTests {
    static let nobody: uid_t = 65534

    /// Runs the app in tmux as an unprivileged user when we are root (root ignores
    /// permissions), else as ourselves. HOME is one that user may read.
    private func launchUnprivileged(stateDirectory: String, home: String, extra: [String] = []) throws -> TmuxTerminal {
        let binary = try BuiltBinary.path()
        let arguments = ["--state-dir", stateDirectory, "--latency", "0"] + extra
        if getuid() == 0 {
            let setpriv = try #require(
                ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
                "setpriv (util-linux) is missing")
            return try TmuxTerminal(
                arguments: ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", binary] + arguments,
                capturingStandardError: true, environment: ["HOME": home], program: setpriv)
        }
        return try TmuxTerminal(arguments: arguments, capturingStandardError: true)
    }

    /// Starts the built-in tour, goes to its paywall and presses Enter on the selected plan;
    /// returns the screen once it says the purchase failed, nil if it never does.
    private func buyOnTheBuiltInPaywall(_ app: TmuxTerminal) throws -> ScreenCapture? {
        try app.start()
        #expect(app.waitForText("tui-onboard") != nil, "\(app.screen())")
        try app.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(app.waitForText("Not purchased") != nil, "the paywall did not show:\n\(app.screen())")
        try app.sendKeys("Enter")
        return app.waitForText("Purchase failed")
    }

    @Test("a state directory that cannot be written still shows the tour; only a purchase fails, saying why")
    func anUnwritableStateDirectoryStillShowsTheTour() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let state = root.path("state")
        #expect(mkdir(state, 0o755) == 0)
        if getuid() == 0 {
            #expect(chmod(root.url.path, 0o755) == 0)
            #expect(chown(state, Self.nobody, gid_t(Self.nobody)) == 0)
        }
        #expect(chmod(state, 0o555) == 0)
        let app = try launchUnprivileged(stateDirectory: state, home: root.url.path)
        defer { app.close() }
        let failed = try buyOnTheBuiltInPaywall(app)
        #expect(failed != nil, "\(app.screen())")
        #expect(failed?.flowingText.contains("Permission denied") == true, "the reason is not shown:\n\(app.screen())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    @Test("a link planted as the ledger's lock file is not followed: nothing is created where it points")
    func aPlantedLockLinkIsNotFollowed() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let state = root.path("state")
        #expect(mkdir(state, 0o700) == 0)
        let target = root.path("created-through-the-link")
        #expect(symlink(target, state + "/ledger.lock") == 0)
        let app = try TmuxTerminal(
            arguments: ["--state-dir", state, "--latency", "0"], capturingStandardError: true)
        defer { app.close() }
        #expect(try buyOnTheBuiltInPaywall(app) != nil, "\(app.screen())")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: state + "/ledger.jsonl"))
    }

    @Test(
        "status, has and the paywall refuse a state directory that others can write to; a tour is shown without it",
        arguments: [
            (["status"], Int32(74)), (["has", "pro"], 74), (["paywall", "pro", "--plain"], 74), (["--plain"], 0),
            (["--plain", "--first-run"], 0),
        ] as [([String], Int32)])
    func aStateDirectoryWritableByOthersIsRefused(command: [String], status: Int32) throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let state = root.path("state")
        #expect(mkdir(state, 0o700) == 0)
        #expect(chmod(state, 0o777) == 0)
        let result = try CommandRunner.run(try BuiltBinary.path(), command + ["--state-dir", state])
        #expect(result.status == status, "\(result.standardError)")
        let reason = "can be written by its group and everyone"
        #expect(result.standardError.components(separatedBy: reason).count == 2, "said once: \(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
        if status == 0 {
            #expect(result.standardError.contains("The tour is shown without reading or saving its state"))
            #expect(result.standardOutput.contains("Welcome to tui-onboard"))
        }
    }

    /// After one `sudo` run the state directory is root's: the user's tour goes on without it.
    /// The state there says the tour was seen, so a `--first-run` that read it would show nothing.
    @Test("a state directory of another owner: the tour shows without reading or writing it, and a purchase fails")
    func aStateDirectoryOfAnotherOwnerIsLeftAlone() throws {
        try #require(getuid() == 0, "needs root to give the state directory to another user")
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let state = root.path("state")
        let seen = try CommandRunner.run(try BuiltBinary.path(), ["--plain", "--state-dir", state])
        #expect(seen.status == 0, "\(seen.standardError)")
        #expect(chmod(root.url.path, 0o755) == 0 && chmod(state, 0o755) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: state).sorted()
        let stateFile = try Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))
        let app = try launchUnprivileged(stateDirectory: state, home: root.url.path, extra: ["--first-run"])
        defer { app.close() }
        let failed = try buyOnTheBuiltInPaywall(app)
        #expect(failed?.flowingText.contains("Nothing can be bought now") == true, "\(app.screen())")
        try app.sendKeys("Space")
        #expect(try app.quitPastTheDecline() == 0, "\(app.screen())")
        let said = app.standardError()
        #expect(said.components(separatedBy: "belongs to uid 0 (root)").count == 2, "said once: \(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/state.json")) == stateFile)
    }

    @Test(
        "a link planted as the sandbox or licenses folder is refused, and nothing is made through it",
        arguments: [
            (["paywall", "pro", "--plain", "--sandbox"], "sandbox"), (["has", "pro", "--sandbox"], "sandbox"),
            (["status"], "licenses"),
        ])
    func aPlantedFolderLinkIsRefused(command: [String], folder: String) throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let state = root.path("state")
        let elsewhere = root.path("elsewhere")
        #expect(mkdir(state, 0o700) == 0)
        #expect(mkdir(elsewhere, 0o700) == 0)
        #expect(symlink(elsewhere, state + "/" + folder) == 0)
        let result = try CommandRunner.run(try BuiltBinary.path(), command + ["--state-dir", state])
        #expect(result.status == 74)
        #expect(result.standardError.contains("is a symbolic link"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}

import Foundation
import Testing

/// The ways a host app uses tui-onboard, run as a user would: the documented shell host (docs/hosts.md) and the
/// Swift example executable (`Examples/HostCLI`), each showing the tour once and then gating a
/// feature on what was bought.
@Suite("Host apps", .serialized)
struct HostExampleTests {
    static let deck = BuiltBinary.repositoryRoot.appendingPathComponent("Assets/default-deck.json").path

    /// Shows the tour in `terminal`, buys Pro Lifetime on the paywall and quits.
    private func buyLifetimeAndQuit(_ terminal: TmuxTerminal) throws {
        #expect(terminal.waitForText("Welcome to tui-onboard") != nil, "\(terminal.screen())")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(terminal.waitForText("Not purchased") != nil, "\(terminal.screen())")
        #expect(try terminal.chooseOnBuiltInPaywall(.lifetime) != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("You're all set") != nil, "\(terminal.screen())")
        #expect(try terminal.dismiss("You're all set"), "Esc did not close it:\n\(terminal.screen())")
        try terminal.sendKeys("q")
    }

    @Test("the example executable shows the tour once, records it, and sees the purchase")
    func exampleExecutable() throws {
        let example = try BuiltBinary.examplePath()
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let arguments = ["--deck", Self.deck, "--state-dir", state.path("state")]

        let noTerminal = try CommandRunner.run(example, arguments)
        #expect(noTerminal.status == 0, "\(noTerminal)")
        #expect(
            noTerminal.standardOutput
                == "onboarding: not shown (not a terminal)\npro: not active, the free plan\n")

        let terminal = try TmuxTerminal(arguments: arguments, program: example)
        defer { terminal.close() }
        try terminal.start()
        try buyLifetimeAndQuit(terminal)
        #expect(terminal.waitForText("pro: active, the paid feature is on") != nil, "\(terminal.screen())")
        #expect(terminal.screen().contains("onboarding: skipped"))
        #expect(terminal.waitForExit() == 0)

        let later = try CommandRunner.run(example, arguments)
        #expect(later.standardOutput == "onboarding: seen already\npro: active, the paid feature is on\n", "\(later)")
        // The library and the command agree.
        let has = try CommandRunner.run(try BuiltBinary.path(), ["has", "pro", "--state-dir", state.path("state")])
        #expect(has.status == 0, "\(has)")
    }

    /// The host passes only `--lang de` and a signed catalog: the session gives it the German
    /// tour and the app's own words in German, and the checkout sheet instead of the simulation.
    @Test("the example executable speaks German and sells a signed catalog through its checkout sheet")
    func germanCheckoutSheet() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let vendor = try LicenseEndToEndTests.vendor(in: state)
        let arguments = [
            "--lang", "de", "--deck", Self.deck, "--catalog", vendor.catalog, "--state-dir", state.path("s"),
        ]
        let terminal = try TmuxTerminal(arguments: arguments, program: try BuiltBinary.examplePath())
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitForText("Willkommen bei tui-onboard") != nil, "\(terminal.screen())")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(terminal.waitForText("Nicht gekauft") != nil, "\(terminal.screen())")
        try terminal.sendKeys("Enter")
        #expect(terminal.waitForText("Kopplungscode") != nil, "no checkout sheet:\n\(terminal.screen())")
        #expect(try terminal.dismiss("Kopplungscode"), "Esc did not close it:\n\(terminal.screen())")
        #expect(
            try terminal.quitPastTheDecline(offer: "Bevor Sie gehen", survey: "Was hat Sie zurückgehalten?") == 0,
            "\(terminal.screen())")
        #expect(terminal.waitForText("pro: not active, the free plan") != nil, "\(terminal.screen())")
    }

    /// docs/hosts.md shows the Swift host whole, as it is built and run here, and the host
    /// reaches the tour only through `OnboardRun`: none of the shell's internals.
    @Test func theDocumentedSwiftHostIsTheExampleAndUsesOnlyTheLibrary() throws {
        let root = BuiltBinary.repositoryRoot
        let docs = try String(contentsOf: root.appendingPathComponent("docs/hosts.md"), encoding: .utf8)
        let example = try String(
            contentsOf: root.appendingPathComponent("Examples/HostCLI/main.swift"), encoding: .utf8)
        #expect(
            docs.contains("```swift\n" + example + "```"),
            "docs/hosts.md does not show Examples/HostCLI/main.swift whole")
        for shellPart in [
            "TerminalRunner", "TerminalSession", "SignalWatcher", "LedgerWatch", "DirectoryWatch", "CrashGuard",
            "import OnboardTerminal",
        ] {
            #expect(!example.contains(shellPart), "the host example uses \(shellPart)")
        }
    }

    /// The shell host of docs/hosts.md, with its deck path pointing at the built-in deck.
    static func readmeHostScript() throws -> String {
        let readme = try String(
            contentsOf: BuiltBinary.repositoryRoot.appendingPathComponent("docs/hosts.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n### A host in shell\n"), "docs/hosts.md has no shell host")
        let rest = readme[section.upperBound...]
        let start = try #require(rest.range(of: "```sh\n"))
        let end = try #require(rest[start.upperBound...].range(of: "\n```"))
        let script = String(rest[start.upperBound..<end.lowerBound])
        #expect(script.contains("/usr/share/mytool/onboarding.json"))
        return script.replacingOccurrences(of: "/usr/share/mytool/onboarding.json", with: deck) + "\n"
    }

    @Test("the documented shell host (docs/hosts.md) shows the tour once, then gates the feature on the purchase")
    func readmeShellHost() throws {
        let state = try TemporaryDirectory()
        defer { state.remove() }
        let script = try state.write(try Self.readmeHostScript(), to: "mytool.sh")
        let binaryDirectory = URL(fileURLWithPath: try BuiltBinary.path()).deletingLastPathComponent().path
        let environment = [
            "PATH": "\(binaryDirectory):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
            "XDG_STATE_HOME": state.path("xdg"),
        ]
        let shell = ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }

        // Not in a terminal (a pipe, a cron job): no tour, and the free plan.
        let piped = try CommandRunner.run(shell[0], Array(shell.dropFirst()) + ["/bin/sh", script])
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.standardOutput == "mytool: free plan (run `mytool upgrade` to see the plans)\n", "\(piped)")

        // In a terminal: the tour, where the user buys Pro; then the feature is on.
        let terminal = try TmuxTerminal(arguments: [script], environment: environment, program: "/bin/sh")
        defer { terminal.close() }
        try terminal.start()
        try buyLifetimeAndQuit(terminal)
        #expect(terminal.waitForText("mytool: Pro features on") != nil, "\(terminal.screen())")
        #expect(terminal.waitForExit() == 0)

        // Shown once: the next start goes straight to the feature, with no key pressed.
        let next = try TmuxTerminal(arguments: [script], environment: environment, program: "/bin/sh")
        defer { next.close() }
        try next.start()
        #expect(next.waitForText("mytool: Pro features on") != nil, "\(next.screen())")
        #expect(next.waitForExit() == 0)
    }
}

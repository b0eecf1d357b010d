import Testing

@testable import tui_onboard

/// Which ledger each command line reads: a run under a simulated clock, or with `--sandbox`,
/// keeps its purchases in `<state dir>/sandbox`; `status` and `has` read it only with
/// `--sandbox`, and `--now` alone leaves them on the real ledger.
@Suite struct SandboxOptionTests {
    @Test(arguments: [
        ([String](), "/s"),
        (["--now", "2099-01-01"], "/s/sandbox"),
        (["--time-rate", "86400"], "/s/sandbox"),
        (["--time-rate", "1"], "/s"),
        (["--sandbox"], "/s/sandbox"),
        (["--plain", "--now", "2026-01-01"], "/s/sandbox"),
    ])
    func aRunUsesTheSandboxUnderASimulatedClock(arguments: [String], ledgerDirectory: String) throws {
        let launcher = Launcher(options: try Options.parse(["--state-dir", "/s"] + arguments), environment: [:])
        #expect(launcher.runLedgerDirectory == ledgerDirectory)
        #expect(launcher.runsInSandbox == (ledgerDirectory != "/s"))
    }

    @Test(arguments: [
        (["has", "pro"], "/s"),
        (["has", "pro", "--now", "2099-01-02"], "/s"),
        (["has", "pro", "--sandbox"], "/s/sandbox"),
        (["has", "pro", "--sandbox", "--now", "2099-01-02"], "/s/sandbox"),
        (["status"], "/s"),
        (["status", "--json", "--now", "2099-01-02"], "/s"),
        (["status", "--sandbox"], "/s/sandbox"),
    ])
    func statusAndHasReadTheRealLedgerUnlessAskedForTheSandbox(arguments: [String], ledgerDirectory: String) throws {
        let launcher = Launcher(options: try Options.parse(arguments + ["--state-dir", "/s"]), environment: [:])
        #expect(launcher.answerLedgerDirectory == ledgerDirectory)
    }

    @Test(arguments: [
        (["reset", "--sandbox"], "--sandbox is for a run, status, has, paywall and store, not reset"),
        (["validate", "d.json", "--sandbox"], "--sandbox is for a run, status, has, paywall and store, not validate"),
        (["--sandbox=yes"], "option --sandbox takes no value"),
    ])
    func sandboxIsRefusedWhereItMeansNothing(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }
}

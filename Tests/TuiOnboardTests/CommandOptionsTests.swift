import Testing

@testable import tui_onboard

/// `status`, `has` and `reset` on the command line, and the options that belong to them alone.
@Suite struct CommandOptionsTests {
    @Test func theCommandsAndTheirOptionsAreRead() throws {
        let status = try Options.parse(["status", "--app", "com.example.tool", "--json", "--state-dir", "/s"])
        #expect(status.command == .status && status.output.isJSON && status.state.appID == "com.example.tool")
        #expect(status.state.directory == "/s")
        let has = try Options.parse(["has", "pro", "--app=com.example.tool", "--now", "2026-01-31"])
        #expect(has.command == .has("pro") && has.state.appID == "com.example.tool" && has.paywall.now != nil)
        #expect(try Options.parse(["--deck", "d.json", "has", "pro"]).tour.deckPath == "d.json")
        let reset = try Options.parse(["reset", "--purchases"])
        #expect(reset.command == .reset && reset.state.resetsPurchases && reset.state.appID == nil)
    }

    @Test(arguments: [
        (["has"], "has needs one ENTITLEMENT, such as `has pro`"),
        (["has", "pro", "plus"], "has needs one ENTITLEMENT, such as `has pro`"),
        (["status", "extra"], "status takes no arguments"),
        (["reset", "com.example.tool"], "reset takes no arguments"),
        (["--json"], "--json is for status, answer, answers, license, store and report, not a run"),
        (["has", "pro", "--json"], "--json is for status, answer, answers, license, store and report, not has"),
        (["status", "--purchases"], "--purchases is for reset, not status"),
        (["--app", "x"], "--app is for status, has, answer, answers, reset, license and store, not a run"),
        (
            ["validate", "d.json", "--app", "x"],
            "--app is for status, has, answer, answers, reset, license and store, not validate"
        ),
        (["status", "--app", ""], "option --app needs an app id"),
        (["status", "--app"], "option --app needs a value"),
        (
            ["stats"],
            "unknown command \"stats\" (commands: validate, symbols, dump, status, has, answer, answers, paywall, reset, license, store, init, report)"
        ),
    ])
    func misuseIsAUsageErrorThatSaysWhy(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }
}

/// `init`, `--theme`, and options refused by commands that would otherwise ignore them.
@Suite struct NewCommandOptionsTests {
    @Test func initTakesOneDirectoryOrNone() throws {
        #expect(try Options.parse(["init"]).command == .initialize(nil))
        #expect(try Options.parse(["init", "tour"]).command == .initialize("tour"))
        #expect(throws: Options.UsageError(description: "init takes at most one DIR")) {
            try Options.parse(["init", "a", "b"])
        }
        #expect(
            throws: Options.UsageError(
                description: "--deck is for a run, status, has, answer, answers, paywall, license and store, not init")
        ) {
            try Options.parse(["init", "--deck", "d.json"])
        }
    }

    @Test func themeTakesDarkLightOrAuto() throws {
        #expect(try Options.parse([]).tour.theme == nil)
        #expect(try Options.parse(["--theme", "light"]).tour.theme == .light)
        #expect(try Options.parse(["--theme=auto"]).tour.theme == .auto)
        #expect(throws: Options.UsageError(description: "option --theme takes one of auto, dark, light, not \"blue\""))
        {
            try Options.parse(["--theme", "blue"])
        }
        #expect(throws: Options.UsageError(description: "--theme is for a run, dump and paywall, not status")) {
            try Options.parse(["status", "--theme", "dark"])
        }
    }

    /// `reset --deck theirs.json` would forget every app's state, not theirs: refused.
    @Test(arguments: [
        (
            ["reset", "--deck", "d.json"],
            "--deck is for a run, status, has, answer, answers, paywall, license and store, not reset"
        ),
        (["validate", "d.json", "--plain"], "--plain is for a run and paywall, not validate"),
        (
            ["symbols", "--state-dir", "/s"],
            "--state-dir is for a run, status, has, answer, answers, paywall, reset, license and store, not symbols"
        ),
        (["has", "pro", "--simulate", "fail"], "--simulate is for a run and paywall, not has"),
        (["status", "--result-json", "-"], "--result-json is for a run and paywall, not status"),
    ])
    func anOptionACommandWouldIgnoreIsRefused(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }

    @Test func validateTakesACatalog() throws {
        #expect(try Options.parse(["validate", "d.json", "--catalog", "c.json"]).paywall.catalogPath == "c.json")
    }
}

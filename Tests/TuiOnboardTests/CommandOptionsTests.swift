import Testing

@testable import tui_onboard

/// `status`, `has` and `reset` on the command line, and the options that belong to them alone.
@Suite struct CommandOptionsTests {
    @Test func theCommandsAndTheirOptionsAreRead() throws {
        let status = try Options.parse(["status", "--app", "com.example.tool", "--json", "--state-dir", "/s"])
        #expect(status.command == .status && status.isJSON && status.appID == "com.example.tool")
        #expect(status.stateDirectory == "/s")
        let has = try Options.parse(["has", "pro", "--app=com.example.tool", "--now", "2026-01-31"])
        #expect(has.command == .has("pro") && has.appID == "com.example.tool" && has.now != nil)
        #expect(try Options.parse(["--deck", "d.json", "has", "pro"]).deckPath == "d.json")
        let reset = try Options.parse(["reset", "--purchases"])
        #expect(reset.command == .reset && reset.resetsPurchases && reset.appID == nil)
    }

    @Test(arguments: [
        (["has"], "has needs one ENTITLEMENT, such as `has pro`"),
        (["has", "pro", "plus"], "has needs one ENTITLEMENT, such as `has pro`"),
        (["status", "extra"], "status takes no arguments"),
        (["reset", "com.example.tool"], "reset takes no arguments"),
        (["--json"], "--json is for status, not a run"),
        (["has", "pro", "--json"], "--json is for status, not has"),
        (["status", "--purchases"], "--purchases is for reset, not status"),
        (["--app", "x"], "--app is for status, has and reset, not a run"),
        (["validate", "d.json", "--app", "x"], "--app is for status, has and reset, not validate"),
        (["status", "--app", ""], "option --app needs an app id"),
        (["status", "--app"], "option --app needs a value"),
        (["stats"], "unknown command \"stats\" (commands: validate, symbols, dump, status, has, reset)"),
    ])
    func misuseIsAUsageErrorThatSaysWhy(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }
}

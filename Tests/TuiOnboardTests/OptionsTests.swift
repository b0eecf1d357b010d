import Foundation
import Testing

@testable import tui_onboard

@Suite struct OptionsTests {
    @Test func defaultsRunTheBuiltInDeck() throws {
        let options = try Options.parse([])
        #expect(options.command == .run)
        #expect(options.tour.deckPath == nil)
        #expect(options.paywall.latency == 1)
        #expect(options.paywall.timeRate == 1)
    }

    @Test func everyOptionIsRead() throws {
        let options = try Options.parse([
            "--deck", "d.json", "--state-dir=/tmp/s", "--plain", "--reduce-motion", "--seed", "42", "--catalog",
            "c.storekit", "--simulate", "prompt", "--latency", "0.5", "--time-rate", "86400", "--now", "2026-01-31",
        ])
        #expect(options.tour.deckPath == "d.json")
        #expect(options.state.directory == "/tmp/s")
        #expect(options.tour.isPlain && options.tour.reducesMotion)
        #expect(options.tour.seed == 42)
        #expect(options.paywall.catalogPath == "c.storekit")
        #expect(options.paywall.simulation == "prompt")
        #expect(options.paywall.latency == 0.5)
        #expect(options.paywall.timeRate == 86400)
        #expect(options.paywall.now == Date(timeIntervalSince1970: 1_769_817_600))
    }

    @Test(
        arguments: [
            (["--result-json", "out.json"], "out.json"), (["--result-json", "-"], "-"), (["--result-json=-"], "-"),
            ([], nil),
        ] as [([String], String?)])
    func resultJSONTakesAFileOrADash(arguments: [String], expected: String?) throws {
        #expect(try Options.parse(arguments).output.resultPath == expected)
    }

    @Test func resultJSONNeedsAValue() {
        #expect(throws: Options.UsageError.self) { try Options.parse(["--result-json"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--result-json="]) }
    }

    @Test func commands() throws {
        #expect(
            try Options.parse(["validate", "a.json", "b.storekit"]).command == .validate(["a.json", "b.storekit"]))
        #expect(try Options.parse(["symbols"]).command == .symbols)
        #expect(try Options.parse(["--help"]).command == .help)
        #expect(try Options.parse(["-V"]).command == .version)
        #expect(try Options.parse(["--", "validate", "x"]).command == .validate(["x"]))
    }

    /// `--verbose` says more of `--version`, with any command as `--version` is; alone it means nothing.
    @Test(arguments: [["--version", "--verbose"], ["--verbose", "-V"], ["status", "--verbose", "--version"]])
    func verboseGoesWithVersion(arguments: [String]) throws {
        let options = try Options.parse(arguments)
        #expect(options.command == .version)
        #expect(options.output.isVerbose)
    }

    @Test(arguments: [["--verbose"], ["status", "--verbose"], ["--plain", "--verbose"]])
    func verboseAloneIsAUsageError(arguments: [String]) {
        #expect(
            throws: Options.UsageError(description: "--verbose goes with --version: tui-onboard --version --verbose")
        ) {
            try Options.parse(arguments)
        }
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option --frobnicate"),
        (["--deck"], "option --deck needs a value"),
        (["--seed", "-3"], "option --seed needs a whole number from 0, not \"-3\""),
        (["--plain=yes"], "option --plain takes no value"),
        (["validate"], "validate needs at least one FILE"),
        (
            ["launch"],
            "unknown command \"launch\" (commands: validate, symbols, dump, status, has, answer, answers, paywall, reset, license, store, init, report)"
        ),
        (
            ["--simulate", "maybe"],
            "option --simulate takes one of success, fail, cancel, pending, prompt, not \"maybe\""
        ),
        (["--latency", "-1"], "option --latency needs seconds from 0 to 60, not \"-1\""),
        (["--time-rate", "0"], "option --time-rate needs a positive number up to 31536000, not \"0\""),
        (
            ["--now", "yesterday"],
            "option --now needs YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:MM:SS[.fraction] followed by Z, "
                + "+HH:MM or -HH:MM, such as 2026-01-31 or 2026-01-31T09:00:00+01:00; not \"yesterday\": "
                + "a four-digit year was expected at \"yesterday\""
        ),
    ])
    func usageErrorsNameWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }

    /// What the old reader took for some other moment is a usage error now, never a guess.
    @Test(arguments: [
        "2026-01-31T09:00Z", "2026-01-31 09:00", "2026-01-31T09:00:00", "2026-01-31T09:00:00+99:00", "2026-01-31xyz",
        "2026-02-30", "2026-01-31T25:00:00Z",
    ])
    func nowRefusesWhatItCannotReadWhole(text: String) {
        #expect(throws: Options.UsageError.self) { try Options.parse(["status", "--now", text]) }
    }

    @Test func nowReadsAnOffsetAndAFraction() throws {
        let options = try Options.parse(["status", "--now", "2026-01-31T09:00:00.5+01:00"])
        #expect(options.paywall.now == Date(timeIntervalSince1970: 1_769_846_400.5))
    }

    @Test func autoplayLoopAndRecordAreRead() throws {
        let options = try Options.parse(["--autoplay", "2.5", "--loop", "--record=demo.cast"])
        #expect(options.tour.autoplaySeconds == 2.5)
        #expect(options.tour.loops)
        #expect(options.output.recordPath == "demo.cast")
        #expect(try Options.parse([]).tour.autoplaySeconds == nil)
    }

    @Test(arguments: [
        (["--autoplay", "0"], "option --autoplay needs seconds from 0.1 to 3600, not \"0\""),
        (["--autoplay", "soon"], "option --autoplay needs seconds from 0.1 to 3600, not \"soon\""),
        (["--loop"], "--loop needs --autoplay SECONDS"),
        (["--record"], "option --record needs a value"),
        (["--autoplay", "1", "--plain"], "--autoplay is for the tour on a terminal, not --plain"),
        (["--record", "a.cast", "validate", "d.json"], "--record is for a run and paywall, not validate"),
    ])
    func autoplayAndRecordUsageErrors(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }
}

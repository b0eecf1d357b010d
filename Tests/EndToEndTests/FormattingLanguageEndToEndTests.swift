import Foundation
import Testing

/// Every place a number, price or date is written for a person follows one rule, the user's
/// language, however it was named: `--lang de` under a C locale and `LANG=de_DE.UTF-8` print
/// the same status, transactions, store answers and paywall.
@Suite("Numbers and dates follow the language")
struct FormattingLanguageEndToEndTests {
    /// `arguments` run with exactly the locale variables given (the others unset).
    static func run(_ environment: [String], _ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(
            "/usr/bin/env",
            ["-u", "LANGUAGE", "-u", "LC_ALL", "-u", "LC_MESSAGES", "-u", "LC_MONETARY", "-u", "LANG"] + environment
                + [try BuiltBinary.path()] + arguments)
    }

    /// The commands that write prices or dates, against one ledger: a subscription whose price
    /// goes up, bought and listed at fixed moments.
    static let commands: [[String]] = [
        ["status", "--sandbox", "--now", "2026-01-10"],
        ["store", "transactions", "--now", "2026-01-10"],
        ["store", "price-increase", "tui_onboard_pro_monthly", "5.99", "--now", "2026-01-10"],
        // Each run has its own state directory, so its own install id: the built-in paywall's
        // title experiment is forced to one variant for both.
        ["paywall", "pro", "--plain", "--now", "2026-01-10", "--variant", "paywall-title=a"],
        // The price increase's new price, which the listing wrote as the ledger's decimal.
        ["store", "transactions", "--now", "2026-01-11"],
    ]

    @Test(arguments: [
        (["LANG=C"], ["--lang", "de"], ["LANG=de_DE.UTF-8"], [String]()),
        (["LANG=en_US.UTF-8"], ["--lang", "fr"], ["LANG=fr_FR.UTF-8"], []),
        (["LANG=de_CH.UTF-8"], ["--lang", "de"], ["LANG=de_CH.UTF-8"], []),
        (["LANG=C"], ["--lang", "ja"], ["LANGUAGE=ja", "LANG=en_US.UTF-8"], ["--lang", "ja"]),
    ])
    func langAndTheEnvironmentWriteTheSame(
        optionEnvironment: [String], option: [String], environment: [String], environmentOption: [String]
    ) throws {
        var outputs: [[String]] = []
        for (variables, extra) in [(optionEnvironment, option), (environment, environmentOption)] {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let state = ["--state-dir", files.path("state")]
            let bought = try Self.run(
                variables, ["store", "buy", "tui_onboard_pro_monthly", "--now", "2026-01-01"] + state)
            #expect(bought.status == 0, "\(bought)")
            outputs.append(
                try Self.commands.map { command in
                    let output = try Self.run(variables, command + extra + state)
                    // The state directory and the transactions' random IDs differ between the two
                    // runs; nothing else may.
                    return output.standardOutput.replacingOccurrences(of: files.path("state"), with: "STATE")
                        .replacing(/T[0-9A-F]{16}/, with: "ID")
                })
        }
        #expect(outputs[0] == outputs[1])
        // And the language really was applied: no American date in a German, French or Japanese run.
        let all = outputs[0].joined()
        #expect(!all.contains("Jan 10, 2026") && !all.contains("Feb 1, 2026"), "\(all)")
        #expect(all.contains("new price ") && !all.contains("new price 5.99"), "\(all)")
    }
}

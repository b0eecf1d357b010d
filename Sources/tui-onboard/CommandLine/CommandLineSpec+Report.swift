import OnboardKit

/// The row of `report`, beside the other commands' (`CommandLineSpec+Commands.swift`), which
/// would cross the size a file may have with it.
extension CommandLineSpec {
    static let reportCommand = CommandSpec(
        name: .report, arguments: "FILE...", argumentCompletion: .files,
        summary:
            "print the funnel of event files (--events): runs, pages, answers, paywall, exit offer, trials, purchases, revenue and conversion, overall and per variant with the probability each is best; --json for programs",
        details:
            "FILE is a file of event lines, - for standard input; gzip-compressed files are read as they are. A run counts when the files hold its tourStarted; each step counts the runs that reached it. Conversion is purchases over runs with a 95% Wilson interval; the probability that a variant is best comes from Beta(1+purchases, 1+runs without one): exact for two variants, else a seeded simulation whose draws are printed. A warning says when a variant has fewer than 10 purchases or 10 runs without one. Lines that are not events are counted and the first few named as FILE:LINE; they never stop the report. docs/events.md has the --json shape and the same funnel in SQL. Exit 0; 2 for no FILE; 65 when a gzip file is damaged (what was read before is reported); 66 when a FILE is missing or cannot be read, before anything is printed; 74 when a read fails.",
        parse: { arguments throws(Options.UsageError) in
            guard !arguments.isEmpty, !arguments.contains("") else {
                throw Options.UsageError(description: "report needs at least one FILE (- for standard input)")
            }
            return .report(arguments)
        })
}

import Foundation
import Testing

/// Every text the paywall, `status`, `store transactions` and `--plain` show with a price, a
/// period or a date, in the app's 13 languages, 48 locales and 40 currencies
/// (`scripts/price-corpus.py`), comes out of the build under test byte for byte as the full-ICU
/// debug build wrote it (`make price-corpus`). The release build formats with a trimmed copy of
/// ICU's data, and ICU falls back to the root locale without a word when an item is missing:
/// `make test-release` runs this on it.
@Suite("Price and date corpus")
struct PriceCorpusTests {
    static let recorded = BuiltBinary.repositoryRoot.appendingPathComponent(
        "Tests/EndToEndTests/__Snapshots__/price-corpus.txt")

    static func recordedText() throws -> String {
        try String(contentsOf: recorded, encoding: .utf8)
    }

    @Test("the build prints the recorded corpus byte for byte")
    func buildPrintsTheRecordedCorpus() throws {
        let script = BuiltBinary.repositoryRoot.appendingPathComponent("scripts/price-corpus.py").path
        let result = try CommandRunner.run(
            "/usr/bin/env", ["python3", script, try BuiltBinary.path()], timeout: .seconds(1800))
        try #require(result.status == 0, "price-corpus.py failed: \(result.standardError)")
        let expected = try Self.recordedText()
        guard Array(result.standardOutput.utf8) != Array(expected.utf8) else { return }
        Issue.record(
            Comment(
                rawValue: Self.firstDifference(expected: expected, actual: result.standardOutput)
                    + "\n(if the change is meant, re-record with `make price-corpus` and review the diff)"))
    }

    /// The first line that differs, with the environment and command it belongs to.
    static func firstDifference(expected: String, actual: String) -> String {
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(wanted, got).enumerated().first { Array($0.element.0.utf8) != Array($0.element.1.utf8) }?.offset
            ?? min(wanted.count, got.count)
        let environment = wanted[..<min(index, wanted.count)].last { $0.hasPrefix("## ") } ?? "(start)"
        let command = wanted[..<min(index, wanted.count)].last { $0.hasPrefix("### ") } ?? "(start)"
        let shown = { (lines: [Substring]) in index < lines.count ? String(lines[index]) : "(end of output)" }
        return """
            line \(index + 1) differs, in \(environment) \(command)
              recorded: \(shown(wanted))
              printed:  \(shown(got))
            """
    }

    /// The environments' headers: `## NAME=VALUE ...`.
    static func environments(_ corpus: String) -> [[String: String]] {
        corpus.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { header in
            Dictionary(
                header.dropFirst(3).split(separator: " ").compactMap { pair -> (String, String)? in
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
                }, uniquingKeysWith: { $1 })
        }
    }

    @Test("the corpus holds every language of the app, 40 locales and 30 currencies")
    func corpusCoversLanguagesLocalesAndCurrencies() throws {
        let corpus = try Self.recordedText()
        let environments = Self.environments(corpus)
        let catalogs = try FileManager.default.contentsOfDirectory(
            atPath: BuiltBinary.repositoryRoot.appendingPathComponent("po").path)
        let languages = Set(catalogs.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) } + ["en"])
        #expect(Set(environments.compactMap { $0["LANGUAGE"] }) == languages)

        let locales = Set(
            environments.flatMap { environment in
                ["LC_ALL", "LC_MONETARY", "LANG"].compactMap { environment[$0] }
            }.map { String($0.prefix { $0 != "." }) }.filter { $0 != "C" })
        #expect(locales.count >= 40, "\(locales.count) locales: \(locales.sorted())")
        let named = ["ar_EG", "hi_IN", "de_CH", "fr_CA", "ja_JP", "zh_Hant_TW", "pt_BR", "tr_TR", "he_IL", "es_MX"]
        #expect(Set(named).isSubset(of: locales), "missing: \(Set(named).subtracting(locales).sorted())")

        // Each currency's lifetime unlock is in every environment's transactions.
        let pattern = /\blife_([a-z]{3})\b/
        let currencies = Set(corpus.matches(of: pattern).map { $0.output.1.uppercased() })
        #expect(currencies.count >= 30, "\(currencies.count) currencies: \(currencies.sorted())")
        #expect(Set(["JPY", "KWD", "CHF", "INR", "USD", "EUR"]).isSubset(of: currencies))
        // Digits and grouping beyond the Latin ones: Arabic-Indic (ar_EG), lakh grouping (hi_IN).
        #expect(corpus.contains("١٬٢٣٤٬٥٦٧٫٨٩"), "no Arabic-Indic digits with their separators")
        #expect(corpus.contains("₹1,23,45,678.90"), "no lakh grouping")
    }
}

import Foundation
import Testing

/// ICU's data (about 30 MB of locales, currencies and collation) is read only when a price is
/// about to be shown: not when there is nothing to show, not for a tour without a paywall.
///
/// `scripts/icu-pages.py` runs the built binary under ptrace and, stopped at its exit, counts
/// the pages of ICU's data symbol (`icudt*_dat`, in the binary or in lib_FoundationICU.so)
/// that are in the process's memory. A few pages at the symbol's edges come in with the
/// kernel's fault-around of neighbouring data; any use of ICU brings in hundreds, which the
/// paywall run checks, so the signal is known to work.
@Suite("No ICU until a price is shown", .serialized)
struct NoICUTests {
    /// Pages that fault-around of neighbouring data may bring in: two 64 KiB windows.
    static let edgePages = 32

    struct Report: Decodable {
        var exit: Int
        var icuPages: Int
        var icuTotalPages: Int
        var icuFile: String?
    }

    static let fivePages = """
        {
          "app": {"id": "com.example.icu", "name": "ICU", "version": "VERSION"},
          "pages": [
            {"kind": "step", "heading": "One", "text": "First."},
            {"kind": "step", "heading": "Two", "text": "Second."},
            {"kind": "hero", "symbol": "rocket", "title": "Three"},
            {"kind": "step", "heading": "Four", "text": "Fourth."},
            {"kind": "step", "heading": "Five", "text": "Fifth."}
          ]
        }
        """

    /// Runs the built binary under `icu-pages.py`; with `pty`, on an 80x24 terminal where
    /// `keys` are typed (`>` is →), one each time the screen is quiet.
    private func measure(_ arguments: [String], pty: Bool = false, keys: String = ">>>>q") throws -> Report {
        let script = BuiltBinary.repositoryRoot.appendingPathComponent("scripts/icu-pages.py").path
        let terminal = pty ? ["--pty", "80x24", "--keys", keys] : []
        let result = try CommandRunner.run(
            "/usr/bin/env", ["python3", script] + terminal + ["--", try BuiltBinary.path()] + arguments)
        #expect(result.status == 0, "icu-pages.py failed: \(result.standardError)")
        let line = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONDecoder().decode(Report.self, from: Data(line.utf8))
        #expect(report.icuTotalPages > 1000, "no ICU data found in the process: \(line)")
        return report
    }

    private func deck(_ directory: TemporaryDirectory, version: String = "1.0.0") throws -> String {
        let text = Self.fivePages.replacingOccurrences(of: "VERSION", with: version)
        return try directory.write(text, to: "deck-\(version).json")
    }

    @Test("nothing to show: the tour was seen, or a new version has no new pages")
    func nothingToShow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("state")
        let first = try deck(directory)
        let recorded = try CommandRunner.run(
            try BuiltBinary.path(), ["--deck", first, "--state-dir", state, "--first-run", "--plain"])
        try #require(recorded.status == 0, "\(recorded.standardError)")

        let seen = try measure(
            ["--deck", first, "--state-dir", state, "--first-run", "--result-json", directory.path("seen.json")])
        #expect(seen.exit == 0)
        #expect(seen.icuPages <= Self.edgePages, "ICU data was read when nothing was shown")

        // A newer version without new pages writes the state: still no ICU.
        let newer = try measure(
            [
                "--deck", try deck(directory, version: "1.1.0"), "--state-dir", state, "--first-run",
                "--result-json", directory.path("newer.json"),
            ])
        #expect(newer.exit == 0)
        #expect(newer.icuPages <= Self.edgePages, "ICU data was read when nothing was shown")
        let result = try String(contentsOfFile: directory.path("newer.json"), encoding: .utf8)
        #expect(result.contains("\"no-new-pages\""))
    }

    @Test("--plain of a deck without a paywall")
    func plainWithoutPaywall() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try measure(
            ["--deck", try deck(directory), "--state-dir", directory.path("state"), "--first-run", "--plain"])
        #expect(report.exit == 0)
        #expect(report.icuPages <= Self.edgePages, "ICU data was read for a deck without prices")
    }

    @Test("a tour without a paywall, every page, on a terminal")
    func tourWithoutPaywall() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try measure(
            ["--deck", try deck(directory), "--state-dir", directory.path("state"), "--first-run"], pty: true)
        #expect(report.exit == 0)
        #expect(report.icuPages <= Self.edgePages, "ICU data was read for a tour without prices")
    }

    @Test("a deck with a paywall: its first pages, on a terminal, up to the one before the paywall's neighbour")
    func pagesBeforeThePaywall() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The built-in deck's paywall is its seventh page; the fifth is the last the tour can
        // show without building it (the sixth slides in beside it).
        let report = try measure(["--state-dir", directory.path("state"), "--first-run"], pty: true, keys: ">>>>q")
        #expect(report.exit == 0)
        #expect(report.icuPages <= Self.edgePages, "ICU data was read before the paywall came near")
    }

    @Test("the signal works on a terminal: reaching the paywall reads ICU's data")
    func reachingThePaywallReadsICU() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try measure(["--state-dir", directory.path("state"), "--first-run"], pty: true, keys: ">>>>>>q")
        #expect(report.exit == 0)
        #expect(report.icuPages > 100, "showing the paywall did not show in ICU's data pages")
    }

    @Test("the signal works: a paywall's prices read ICU's data")
    func paywallReadsICU() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try measure(["--state-dir", directory.path("state"), "--plain"])
        #expect(report.exit == 0)
        #expect(report.icuPages > 100, "formatting prices did not show in ICU's data pages")
    }
}

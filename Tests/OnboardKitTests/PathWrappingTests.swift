import Testing

@testable import OnboardKit

/// A path wider than the line breaks after a `/`, never in the middle of a name; a name wider
/// than the line on its own still breaks where the line is full.
@Suite struct PathWrappingTests {
    @Test(
        arguments: [
            (
                "/home/someone/.local/state/tui-onboard/sandbox/ledger.jsonl", 20,
                ["/home/someone/", ".local/state/", "tui-onboard/sandbox/", "ledger.jsonl"]
            ),
            // Not ASCII: the grapheme wrap breaks after slashes too (here one ends a full line).
            (
                "/home/jürgen/.local/state/tui-onboard/sandbox/ledger.jsonl", 20,
                ["/home/jürgen/.local/", "state/tui-onboard/", "sandbox/ledger.jsonl"]
            ),
            (
                "the ledger /srv/state/tui-onboard/ledger.jsonl is a FIFO", 16,
                ["the ledger", "/srv/state/", "tui-onboard/", "ledger.jsonl is", "a FIFO"]
            ),
            // A name longer than the line is cut where the line is full, then the path goes on.
            ("/a/verylongdirectoryname/b", 10, ["/a/", "verylongdi", "rectorynam", "e/b"]),
            ("/ä/verylongdirectoryname/b", 10, ["/ä/", "verylongdi", "rectorynam", "e/b"]),
            // A slash alone at the start is no place to break.
            ("/abcdefghijklmno", 8, ["/abcdefg", "hijklmno"]),
        ] as [(String, Int, [String])])
    func aLongPathBreaksAfterASlash(text: String, width: Int, expected: [String]) {
        let lines = TextLayout.wrap(text, width: width)
        #expect(lines == expected)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    }

    @Test func aLongPathInANarrowBoxBreaksBetweenNames() throws {
        let path = "/home/someone/.local/state/tui-onboard/sandbox/ledger.jsonl"
        var app = try PaywallFixtures.flowApp()
        _ = app.update(.resize(width: 40, height: 20))
        _ = app.update(.storageProblem(StorageProblem(.unreadable, message: "purchase ledger: \(path) is a FIFO")))
        let screen = TestDecks.screen(app).lines
        // The box's text rows, without the border and the padding.
        let rows = screen.filter { $0.contains("│") }.compactMap { line -> String? in
            let inner = line.split(separator: "│", omittingEmptySubsequences: false)
            guard inner.count >= 3 else { return nil }
            let text = inner[1].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        #expect(
            rows == [
                "purchase ledger:", "/home/someone/.local/state/", "tui-onboard/sandbox/ledger.jsonl", "is a FIFO",
            ],
            "\(screen.joined(separator: "\n"))")
    }
}

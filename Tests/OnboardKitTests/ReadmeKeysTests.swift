import Foundation
import Testing

@testable import OnboardKit

/// The README's list of keys is the table's, so the two cannot drift apart.
@Suite struct ReadmeKeysTests {
    /// README.md's list of keys, between its marker comments, is `KeyBindings.markdown`.
    @Test func theReadmeListsTheKeysOfTheTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- keys:begin -->\n"
        let end = "\n<!-- keys:end -->"
        let start = try #require(text.range(of: begin), "README.md has no \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "no \(end)")
        let written = String(text[start.upperBound..<stop.lowerBound])
        let table = KeyBindings.markdown
        if ProcessInfo.processInfo.environment["RECORD_README_KEYS"] == "1", written != table {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table)
                .write(to: readme, atomically: true, encoding: .utf8)
            Issue.record("rewrote the keys in README.md; review the change and run again")
            return
        }
        // Only the lines that differ: both whole tables would hide them.
        if written != table {
            Issue.record(
                """
                README.md's keys differ from KeyBindings (- README, + table). Regenerate them with
                RECORD_README_KEYS=1 swift test --filter ReadmeKeysTests
                \(LineDiff.lines(from: written, to: table))
                """)
        }
    }
}

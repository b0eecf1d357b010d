/// Decks the tests launch with, written into a temporary directory per test.
enum DeckFixtures {
    static let appName = "Demo App"
    static let headings = ["Welcome aboard", "Second step here", "All set now"]
    static let bodies = ["First page body text.", "Second page body.", "Last page body."]
    static let doneLabel = "Get started"

    /// Three step pages with distinct headings and bodies.
    static let threePages = """
        {
          "app": {"id": "com.example.demo", "name": "\(appName)", "version": "1.0.0"},
          "pages": [
            {"kind": "step", "heading": "\(headings[0])", "text": "\(bodies[0])"},
            {"kind": "step", "heading": "\(headings[1])", "text": "\(bodies[1])"},
            {"kind": "step", "heading": "\(headings[2])", "text": "\(bodies[2])"}
          ]
        }
        """

    static let hostileTitle = "pwned-by-deck"

    /// A heading and text carrying terminal escape sequences (JSON `\\u001b` escapes): clear the
    /// screen, and set the window title.
    static let escapeSequences = """
        {
          "app": {"id": "com.example.hostile", "name": "\(appName)"},
          "pages": [
            {"kind": "step", "heading": "Clear \\u001b[2J now", "text": "Title \\u001b]0;\(hostileTitle)\\u0007 set"}
          ]
        }
        """

    static let flag = "🇯🇵"
    static let family = "👩‍👩‍👧"

    /// A heading with graphemes made of several wide scalars: a flag (two regional
    /// indicators) and a ZWJ family.
    static let multiScalarGraphemes = """
        {
          "app": {"id": "com.example.emoji", "name": "\(appName)"},
          "pages": [
            {"kind": "step", "heading": "Flag \(flag) family \(family) end", "text": "Body"}
          ]
        }
        """

    /// Graphemes whose width the canvas and ncurses could count differently: emoji with a
    /// variation selector, lone regional indicators, flags, sequences, CJK, marks.
    static let slidingGraphemes = """
        {
          "app": {"id": "com.example.widths", "name": "\(appName)"},
          "pages": [
            {"kind": "step", "heading": "⚠️ Careful ❤️ 🇺 x 🇺🇸 end", "text": "☺️ 1️⃣ 👍🏽 \(family) 日本 e\\u0301 ䷀ 🇺🇸🇩"},
            {"kind": "step", "heading": "Second ⚠️⚠️⚠️ 🇺🇺🇺", "text": "❤️❤️❤️ ⚠️ 🇯"}
          ]
        }
        """

    /// Valid JSON whose second page has a number for its heading (line 5).
    static let wrongHeadingType = """
        {
          "app": {"id": "com.example.demo", "name": "\(appName)"},
          "pages": [
            {"kind": "step", "heading": "Fine"},
            {"kind": "step", "heading": 42}
          ]
        }
        """

    /// The 1-based line and column of the first `needle` in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}

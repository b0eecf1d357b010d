/// What a tmux pane showed at one moment, one string per row (trailing blanks trimmed by tmux).
struct ScreenCapture: CustomStringConvertible {
    let lines: [String]

    init(_ text: String) {
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        lines = rows
    }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// Every row joined by single spaces, so a message wrapped over several rows reads as one.
    var flowingText: String {
        lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
    }

    /// The row at `index`, or "" below the captured rows.
    func row(_ index: Int) -> String { index < lines.count ? lines[index] : "" }

    var description: String { lines.joined(separator: "\n") }
}

/// The commands that may open an address in a browser, in the order to try them, read from the
/// `BROWSER` convention: a `:`-separated list of commands, each split into words at blanks, in
/// which `%s` stands for the address and `%%` for a percent sign; a command without `%s` gets
/// the address as its last word. Without `BROWSER`, `xdg-open`.
///
/// The address is always one word of its own, never part of a command line a shell reads, so
/// an address holding quotes, `$(…)` or blanks is only ever an address.
public enum BrowserCommand {
    /// The argument vectors to try, first to last; empty when `BROWSER` names no command at all
    /// (only colons and blanks).
    public static func candidates(browser: String?, url: String) -> [[String]] {
        guard let browser, !browser.isEmpty else { return [["xdg-open", url]] }
        return browser.split(separator: ":").compactMap { entry in
            let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard !words.isEmpty else { return nil }
            var substituted = false
            let filled = words.map { word in fill(word, url: url, substituted: &substituted) }
            return substituted ? filled : filled + [url]
        }
    }

    /// `word` with each `%s` replaced by `url` and each `%%` by `%`; any other `%` stays.
    static func fill(_ word: String, url: String, substituted: inout Bool) -> String {
        guard word.contains("%") else { return word }
        var result = ""
        var characters = word.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "s":
                result += url
                substituted = true
            case "%": result.append("%")
            case let other?: result += "%" + String(other)
            case nil: result.append("%")
            }
        }
        return result
    }

    /// The name a person knows a candidate by, for messages: its first word.
    public static func name(of candidate: [String]) -> String { candidate.first ?? "" }
}

extension TextLayout {
    /// Cuts each text to at most `width` columns so that texts that differ stay different.
    ///
    /// Names in a list often share a long start ("Purchase Test Monthly", "Purchase Test
    /// Yearly", "com.example.app.annual"): cutting their ends would show the same words on every
    /// row. A text whose plain cut would match another's keeps, after the "…", the end that
    /// tells it apart, from the start of the word where it first differs from the others.
    public static func truncateDistinct(_ texts: [String], width: Int) -> [String] {
        let plain = texts.map { truncate($0, width: width) }
        guard width > 2, texts.contains(where: { DisplayWidth.of($0) > width }) else { return plain }
        let characters = texts.map { Array($0) }
        return plain.indices.map { index in
            guard plain[index] != texts[index] else { return plain[index] }
            // The texts this one would be mistaken for, and how far it agrees with them.
            let agreed = plain.indices.filter { $0 != index && plain[$0] == plain[index] && texts[$0] != texts[index] }
                .map { commonPrefixLength(characters[index], characters[$0]) }
            guard let differsAt = agreed.max() else { return plain[index] }
            return cutKeepingEnd(
                characters[index], from: tailStart(in: characters[index], differingAt: differsAt), width: width)
        }
    }

    /// The length of the longest start two texts share, in characters.
    static func commonPrefixLength(_ first: [Character], _ second: [Character]) -> Int {
        var length = 0
        while length < first.count && length < second.count && first[length] == second[length] { length += 1 }
        return length
    }

    /// Where the part to keep starts when `text` differs from another at `position`: the word
    /// holding it, or the word after it when the other text ends, or goes on, at a separator
    /// ("Annual Subscription" and "Annual Subscription (trial)" differ in "(trial)").
    static func tailStart(in text: [Character], differingAt position: Int) -> Int {
        var start = position
        guard start < text.count, Self.separators.contains(text[start]) else {
            return wordStart(in: text, before: position)
        }
        while start < text.count && Self.separators.contains(text[start]) { start += 1 }
        return start < text.count ? start : wordStart(in: text, before: position)
    }

    /// What separates the words of names and product ids.
    static let separators: Set<Character> = [" ", ".", "_", "-", "/", ":"]

    /// Where the word holding `position` starts: after a space or one of `.`, `_`, `-`, `/`, `:`,
    /// the separators of product ids and names.
    static func wordStart(in text: [Character], before position: Int) -> Int {
        var start = min(position, text.count)
        while start > 0 && !separators.contains(text[start - 1]) { start -= 1 }
        return start
    }

    /// The text's start, "…" and its end from `tailStart`; when the end is itself too long, a
    /// short start, "…", and the end cut after its first words.
    static func cutKeepingEnd(_ text: [Character], from tailStart: Int, width: Int) -> String {
        let tail = String(text[tailStart...])
        let head = String(text[..<tailStart])
        let headRoom = width - 1 - DisplayWidth.of(tail)
        // A few columns of the start stay, so the row still reads as the same product family.
        let shortHead = min(3, DisplayWidth.of(head))
        if headRoom >= shortHead { return trimmedTrailing(keepingStart(head, width: headRoom)) + "…" + tail }
        let kept = keepingStart(head, width: shortHead)
        return kept + "…" + truncate(tail, width: width - DisplayWidth.of(kept) - 1)
    }

    /// The longest start of `text` at most `width` columns wide, without an ellipsis.
    static func keepingStart(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for grapheme in text {
            let graphemeWidth = DisplayWidth.of(grapheme)
            if used + graphemeWidth > width { break }
            result.append(grapheme)
            used += graphemeWidth
        }
        return result
    }
}

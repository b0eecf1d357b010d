extension DeckDecoder {
    /// The names a `"background"` string may take: a pattern, or `none`.
    static let backgroundNames = BackgroundPattern.allCases.map(\.rawValue) + ["none"]
    static let backgroundKeys: Set<String> = ["pattern", "image", "parallax"]

    /// A deck's or page's `"background"` member, if any: a pattern's name (`"dots"`), `"none"`,
    /// or an object with a `"pattern"` or an `"image"` (a text-art file, relative to the deck)
    /// and an optional `"parallax": true`.
    func decodeBackground(in object: JSONObjectReader) -> Background? {
        guard let node = object.member("background") else { return nil }
        let path = object.path.appending("background")
        if let name = node.stringValue {
            return decodeBackgroundName(name, path: path, location: node.location).map { Background($0) }
        }
        guard node.members != nil, let background = JSONObjectReader(node, path: path, log: log) else {
            log.error(
                path, at: node.location,
                "expected a pattern's name or an object with \"pattern\" or \"image\", found \(node.kindName)")
            return nil
        }
        background.warnUnknownKeys(DeckDecoder.backgroundKeys)
        let isParallax = background.bool("parallax") ?? false
        let pattern = background.string("pattern", nonEmpty: true)
        let image = background.string("image", nonEmpty: true)
        switch (pattern, image) {
        case (let pattern?, nil):
            let location = background.member("pattern")?.location
            return decodeBackgroundName(pattern, path: path.appending("pattern"), location: location).map {
                Background($0, isParallax: isParallax)
            }
        case (nil, let image?):
            let art = loadArt(image, path: path.appending("image"), location: background.member("image")?.location)
                .lines
            return art.isEmpty ? nil : Background(.art(art), isParallax: isParallax)
        case (.some, .some):
            log.error(
                path.appending("image"), at: background.member("image")?.location,
                "give either \"pattern\" or \"image\", not both")
        case (nil, nil):
            if !background.has("pattern") && !background.has("image") {
                log.error(path, at: node.location, "a background needs a \"pattern\" or an \"image\"")
            }
        }
        return nil
    }

    private func decodeBackgroundName(_ name: String, path: JSONPath, location: SourceLocation?) -> Background.Source? {
        if name == "none" { return Background.Source.none }
        if let pattern = BackgroundPattern(rawValue: name) { return .pattern(pattern) }
        var message =
            "unknown background \"\(SafeText.excerpt(name))\"; expected one of "
            + DeckDecoder.backgroundNames.map { "\"\($0)\"" }.joined(separator: ", ")
            + ", or an object with an \"image\" (a text-art file)"
        if let suggestion = Suggestions.closest(to: name, in: DeckDecoder.backgroundNames).first {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        log.error(path, at: location, message)
        return nil
    }
}

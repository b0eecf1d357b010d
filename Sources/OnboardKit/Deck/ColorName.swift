/// Colours as decks and catalogs write them: `"#8b5cf6"`, `"#fa0"`, a name, or an index 0-255.
public enum ColorName {
    public static let named: [String: Color] = [
        "black": .indexed(0), "red": .indexed(1), "green": .indexed(2), "yellow": .indexed(3),
        "blue": .indexed(4), "magenta": .indexed(5), "cyan": .indexed(6), "white": .indexed(7),
        "gray": .indexed(8), "grey": .indexed(8), "orange": .rgb(255, 149, 0), "pink": .rgb(255, 45, 85),
        "purple": .rgb(175, 82, 222), "violet": .rgb(139, 92, 246), "teal": .rgb(48, 176, 199),
        "indigo": .rgb(88, 86, 214), "mint": .rgb(0, 199, 190), "brown": .rgb(162, 132, 94),
    ]

    /// Parses a colour from a JSON value, logging a specific error at `path` when it is not one.
    public static func decode(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) -> Color? {
        switch node.value {
        case .number(let text):
            guard let index = Int(text), (0...255).contains(index) else {
                log.error(
                    path, at: node.location,
                    "colour index \(JSONNode.excerpt(ofNumber: text)) is out of range (0 to 255)")
                return nil
            }
            return .indexed(UInt8(index))
        case .string(let text):
            if let color = parse(text) { return color }
            var message = "unknown colour \"\(SafeText.excerpt(text))\"; use \"#rrggbb\", 0-255, or a name"
            if let suggestion = Suggestions.closest(to: text, in: named.keys).first {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            log.error(path, at: node.location, message)
            return nil
        default:
            log.error(
                path, at: node.location, "expected a colour (\"#rrggbb\", a name or 0-255), found \(node.kindName)")
            return nil
        }
    }

    /// Parses `#rrggbb`, `#rgb` or a colour name; nil when it is none of these.
    public static func parse(_ text: String) -> Color? {
        let lowered = text.lowercased()
        if let color = named[lowered] { return color }
        guard lowered.hasPrefix("#") else { return nil }
        let hex = Array(lowered.dropFirst())
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        func component(_ digits: [Character]) -> UInt8 { UInt8(String(digits), radix: 16) ?? 0 }
        switch hex.count {
        case 6:
            return .rgb(component(Array(hex[0...1])), component(Array(hex[2...3])), component(Array(hex[4...5])))
        case 3:
            return .rgb(component([hex[0], hex[0]]), component([hex[1], hex[1]]), component([hex[2], hex[2]]))
        default:
            return nil
        }
    }
}

/// The colours a deck may name for confetti: SwiftUI's system colours, so a mobile deck's
/// `.pink` or `.purple` looks the same here.
public enum ConfettiPalette {
    /// Every colour name a deck may use, with its RGB value (SwiftUI's light-mode system colours).
    public static let named: [String: Color] = [
        "blue": .rgb(0, 122, 255),
        "red": .rgb(255, 59, 48),
        "green": .rgb(52, 199, 89),
        "yellow": .rgb(255, 204, 0),
        "pink": .rgb(255, 45, 85),
        "purple": .rgb(175, 82, 222),
        "orange": .rgb(255, 149, 0),
        "teal": .rgb(48, 176, 199),
        "cyan": .rgb(50, 173, 230),
        "mint": .rgb(0, 199, 190),
        "indigo": .rgb(88, 86, 214),
        "brown": .rgb(162, 132, 94),
        "gray": .rgb(142, 142, 147),
        "grey": .rgb(142, 142, 147),
        "white": .rgb(255, 255, 255),
        "black": .rgb(0, 0, 0),
    ]

    /// The mobile cannon's default colours, in its order.
    public static let defaults: [Color] = ["blue", "red", "green", "yellow", "pink", "purple", "orange"].map {
        named[$0]!
    }

    /// Reads `"pink"`, `"#ff2d55"` (or `"#f25"`) as a colour; nil when the text is neither.
    public static func color(named text: String) -> Color? {
        let lowered = text.lowercased()
        if let color = named[lowered] { return color }
        guard lowered.hasPrefix("#") else { return nil }
        var digits = Array(lowered.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(String(digits), radix: 16) else {
            return nil
        }
        return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
}

/// The built-in symbols that hero pages can name, with SF-Symbols-style aliases
/// (`heart.fill`, `gearshape`, …) so names copied from an app's design resolve.
public enum SymbolLibrary {
    /// The symbol for `name` or one of its aliases (case does not matter), or nil when unknown.
    public static func symbol(named name: String) -> Symbol? {
        guard let canonical = canonicalName(for: name) else { return nil }
        return symbols[canonical]
    }

    /// The canonical name that `name` stands for, or nil when it names no symbol.
    public static func canonicalName(for name: String) -> String? {
        let lowered = name.lowercased()
        if symbols[lowered] != nil { return lowered }
        return aliases[lowered]
    }

    /// Every canonical name, sorted.
    public static var names: [String] { sortedNames }

    /// The other names that draw the symbol `name` (`heart.fill` for `heart`), sorted.
    public static func aliases(of name: String) -> [String] {
        aliases.filter { $0.value == name }.map(\.key).sorted()
    }

    /// Known names (aliases included) closest to a mistyped one, closest first, for
    /// "did you mean" hints.
    public static func suggestions(for name: String) -> [String] {
        Suggestions.closest(to: name, in: sortedNames + aliases.keys.sorted())
    }

    /// Variant names that draw the same art as their base symbol: a terminal has no fill or
    /// circle variants, so these fall back rather than fail.
    static let aliases: [String: String] = [
        "arrow.right.circle": "arrow.right",
        "arrow.right.circle.fill": "arrow.right",
        "bell.fill": "bell",
        "bolt.fill": "bolt",
        "book.fill": "book",
        "book.closed": "book",
        "bubble.left.fill": "bubble.left",
        "cart.fill": "cart",
        "checkmark.circle": "checkmark",
        "checkmark.circle.fill": "checkmark",
        "checkmark.seal": "checkmark",
        "checkmark.seal.fill": "checkmark",
        "cloud.fill": "cloud",
        "creditcard.fill": "creditcard",
        "crown.fill": "crown",
        "envelope.fill": "envelope",
        "flame.fill": "flame",
        "gearshape": "gear",
        "gearshape.fill": "gear",
        "gift.fill": "gift",
        "globe.americas": "globe",
        "globe.americas.fill": "globe",
        "globe.europe.africa": "globe",
        "globe.asia.australia": "globe",
        "hand.wave.fill": "hand.wave",
        "heart.fill": "heart",
        "house.fill": "house",
        "keyboard.fill": "keyboard",
        "leaf.fill": "leaf",
        "lock.fill": "lock",
        "moon.fill": "moon",
        "paintbrush.fill": "paintbrush",
        "sparkle": "sparkles",
        "star.fill": "star",
        "sun.max": "sun",
        "sun.max.fill": "sun",
        "terminal.fill": "terminal",
        "trophy.fill": "trophy",
    ]

    static let symbols: [String: Symbol] = {
        var result: [String: Symbol] = [:]
        for (name, drawing) in drawings {
            let lines = drawing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            result[name] = Symbol(name: name, lines: lines)
        }
        return result
    }()

    static let sortedNames: [String] = drawings.keys.sorted()
}

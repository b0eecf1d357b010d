/// Placeholder until the full library lands.
public enum SymbolLibrary {
    public static func symbol(named name: String) -> Symbol? {
        name == "star" ? Symbol(name: "star", lines: ["  *  ", " *** ", "*****", " * * "]) : nil
    }
    public static var names: [String] { ["star"] }
    public static func suggestions(for name: String) -> [String] { Suggestions.closest(to: name, in: names) }
}

/// One line of help: one or more bindings and what they do, such as "Home g · End G" and
/// "first · last page".
public struct KeyHelpEntry: Hashable, Sendable {
    public var bindings: [KeyBinding]
    /// What the keys do, as short as the help overlay needs it.
    public var help: String
    /// More for the documentation (README, `--help`), which has room for it.
    public var note: String?
    /// Put between the names of two bindings: a space, or " · " when the help pairs them too.
    public var separator: String

    public init(_ bindings: [KeyBinding], _ help: String, note: String? = nil, separator: String = " ") {
        self.bindings = bindings
        self.help = help
        self.note = note
        self.separator = separator
    }

    public init(_ binding: KeyBinding, _ help: String, note: String? = nil) {
        self.init([binding], help, note: note)
    }

    /// The keys as help shows them: "→ l Space Enter PgDn".
    public var keys: String {
        bindings.map { $0.keyNames.joined(separator: " ") }.joined(separator: separator)
    }
}

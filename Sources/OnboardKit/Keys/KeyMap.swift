/// The bindings of one context, in the order help lists them.
public struct KeyMap: Hashable, Sendable {
    public var context: KeyContext
    public var entries: [KeyHelpEntry]

    public init(_ context: KeyContext, _ entries: [KeyHelpEntry]) {
        self.context = context
        self.entries = entries
    }

    public var bindings: [KeyBinding] { entries.flatMap(\.bindings) }

    /// What `key` does here: the binding that names it, else the any-key binding; nil when
    /// the key does nothing in this context.
    public func action(for key: Key) -> KeyAction? {
        let bindings = self.bindings
        return (bindings.first { $0.keys.contains(key) } ?? bindings.first(where: \.isAnyKey))?.action
    }

    /// The entry that holds a binding for `action`.
    public func entry(for action: KeyAction) -> KeyHelpEntry? {
        entries.first { $0.bindings.contains { $0.action == action } }
    }

    /// The names of the keys bound to `action` here, in table order.
    public func keyNames(for action: KeyAction) -> [String] {
        bindings.filter { $0.action == action }.flatMap(\.keyNames)
    }
}

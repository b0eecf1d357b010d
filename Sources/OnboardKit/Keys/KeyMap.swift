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

    /// The map with left and right swapped (the arrows, and vi's `h` and `l`), for a layout
    /// that runs right to left.
    public var mirroredHorizontally: KeyMap {
        let swapped: [Key: Key] = [
            .left: .right, .right: .left, .character("h"): .character("l"), .character("l"): .character("h"),
        ]
        var mirrored = self
        for entryIndex in mirrored.entries.indices {
            for bindingIndex in mirrored.entries[entryIndex].bindings.indices {
                let binding = mirrored.entries[entryIndex].bindings[bindingIndex]
                guard binding.keys.contains(where: { swapped[$0] != nil }) else { continue }
                mirrored.entries[entryIndex].bindings[bindingIndex] = KeyBinding(
                    binding.keys.map { swapped[$0] ?? $0 }, binding.action)
            }
        }
        return mirrored
    }

    /// The names of the keys bound to `action` here, in table order.
    public func keyNames(for action: KeyAction) -> [String] {
        bindings.filter { $0.action == action }.flatMap(\.keyNames)
    }
}

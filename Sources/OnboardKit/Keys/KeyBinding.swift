/// Keys and the one action they have in a context, as Bubble Tea's `key.Binding`.
public struct KeyBinding: Hashable, Sendable {
    /// The keys; empty for a binding that takes any key its context does not bind otherwise.
    public var keys: [Key]
    public var action: KeyAction
    /// How help names the keys; the keys' own names unless a range reads better ("1 … 9").
    public var keyNames: [String]

    public init(_ keys: [Key], _ action: KeyAction, named names: [String]? = nil) {
        self.keys = keys
        self.action = action
        self.keyNames = names ?? keys.map(\.displayName)
    }

    /// Any key not bound otherwise in the context.
    public static func anyKey(_ action: KeyAction) -> KeyBinding { KeyBinding([], action, named: ["any key"]) }

    /// True for the binding that takes every key the context does not bind otherwise.
    public var isAnyKey: Bool { keys.isEmpty }

    /// `1` … `last` as characters, named as one range.
    static func digits(through last: Int, _ action: KeyAction, named name: String) -> KeyBinding {
        KeyBinding((1...last).map { .character(Character("\($0)")) }, action, named: [name])
    }
}

extension KeyBinding {
    init(_ key: Key, _ action: KeyAction) { self.init([key], action) }
}

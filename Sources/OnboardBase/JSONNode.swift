/// A parsed JSON value that remembers where it stood, so every later complaint about it can
/// point at a line and column. Numbers keep their text, so prices stay exact decimals.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONNode

        public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// A number's text for a message: whole when short, else its first digits and how many
    /// characters it has ("12345678901234567890… (100000 characters)").
    public static func excerpt(ofNumber text: String) -> String {
        let limit = 24
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit - 4)) + "… (\(text.utf8.count) characters)"
    }

    public var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member named `key` of an object (the last one, as JSON parsers usually do).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var arrayValue: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}

/// A JSON value built in code, for lines written by hand (`TourEvent.jsonLine`): the fields of
/// an event, and a question's answer, whatever its shape (text, a yes or no, a list of choices).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    /// Members in the order given: they are written in that order.
    case object([(key: String, value: JSONValue)])

    /// Compact JSON text: no spaces, strings escaped as `JSONString` does.
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .string(let value): return JSONString.quoted(value)
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONString.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    public static func == (left: JSONValue, right: JSONValue) -> Bool { left.text == right.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// A string, or null for nil.
    public static func orNull(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// A whole number, or null for nil.
    public static func orNull(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
}

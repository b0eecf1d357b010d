/// An answer to a question page, as the result JSON, the state and `answer` give it: a text
/// or a choice's id (a JSON string), several choices' ids (an array), or yes and no (a boolean).
public enum Answer: Hashable, Sendable {
    /// What was typed, or the id of the one choice picked.
    case text(String)
    case choices([String])
    case yesNo(Bool)

    /// The answer as a JSON value to build a line with (`TourEvent`).
    public var jsonValue: JSONValue {
        switch self {
        case .text(let text): return .string(text)
        case .choices(let ids): return .array(ids.map { .string($0) })
        case .yesNo(let value): return .bool(value)
        }
    }

    /// The answer as a JSON value: `"zsh"`, `["git", "docker"]`, `true`.
    public var jsonText: String {
        switch self {
        case .text(let text): return JSONString.quoted(text)
        case .choices(let ids): return "[" + ids.map(JSONString.quoted).joined(separator: ", ") + "]"
        case .yesNo(let value): return value ? "true" : "false"
        }
    }

    /// The answer for a shell (`shell=$(tui-onboard answer shell)`): the text or id, several ids
    /// one per line, `true` or `false`. The answer may come from a state file edited by hand,
    /// so each part is made safe (`SafeText`): no part holds a line break or a control character,
    /// which no answer given in a tour or on the command line can hold either, so every line
    /// out is one id and a text is one line.
    public var shellText: String {
        switch self {
        case .text(let text): return SafeText.sanitize(text)
        case .choices(let ids): return ids.map { SafeText.sanitize($0) }.joined(separator: "\n")
        case .yesNo(let value): return value ? "true" : "false"
        }
    }

    /// The answer on one line, for `answers` and `status`: as `shellText`, several ids joined
    /// by commas.
    public var lineText: String {
        switch self {
        case .choices(let ids): return ids.map { SafeText.sanitize($0) }.joined(separator: ",")
        case .text, .yesNo: return shellText
        }
    }

    /// The answer from the state file or an answers file's JSON, without checking it against a
    /// question: a string, an array of strings or a boolean; nil for anything else.
    public init?(json node: JSONNode) {
        switch node.value {
        case .string(let text): self = .text(text)
        case .bool(let value): self = .yesNo(value)
        case .array(let items):
            var ids: [String] = []
            for item in items {
                guard let id = item.stringValue else { return nil }
                ids.append(id)
            }
            self = .choices(ids)
        default: return nil
        }
    }
}

extension Answer: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .yesNo(value)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .choices(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .choices(let ids): try container.encode(ids)
        case .yesNo(let value): try container.encode(value)
        }
    }
}

/// A path into a JSON document, written as `pages[3].heading`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// Whether a key character can be written after a dot; ASCII is decided without a Unicode
    /// property lookup, since paths are built for every diagnostic.
    private static func isPlain(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            switch ascii {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                return true
            default:
                return false
            }
        }
        return character.isLetter || character.isNumber
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let isPlain = !key.isEmpty && key.allSatisfy(JSONPath.isPlain)
                let shown = SafeText.excerpt(key)
                if isPlain {
                    text += text.isEmpty ? shown : ".\(shown)"
                } else {
                    text += "[\"\(shown)\"]"
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

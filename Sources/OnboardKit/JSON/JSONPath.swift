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

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let isPlain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
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

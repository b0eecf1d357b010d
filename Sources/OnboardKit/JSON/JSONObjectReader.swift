/// Reads the members of one JSON object, reporting type errors, missing members and unknown
/// keys to a `DiagnosticLog` with their JSON path and position.
public struct JSONObjectReader {
    public let node: JSONNode
    public let path: JSONPath
    public let log: DiagnosticLog

    /// Returns nil (after logging an error) when `node` is not an object.
    public init?(_ node: JSONNode, path: JSONPath, log: DiagnosticLog) {
        guard node.members != nil else {
            log.error(path, at: node.location, "expected an object, found \(node.kindName)")
            return nil
        }
        self.node = node
        self.path = path
        self.log = log
    }

    public func has(_ key: String) -> Bool { node[key] != nil }

    /// The raw member, if present.
    public func member(_ key: String) -> JSONNode? { node[key] }

    private func present(_ key: String, required: Bool) -> JSONNode? {
        guard let value = node[key] else {
            if required { log.error(path.appending(key), at: node.location, "missing required member \"\(key)\"") }
            return nil
        }
        return value
    }

    private func mismatch(_ key: String, _ value: JSONNode, expected: String) {
        log.error(path.appending(key), at: value.location, "expected \(expected), found \(value.kindName)")
    }

    /// A string member. `null` counts as absent when `nullIsAbsent` is true.
    public func string(_ key: String, required: Bool = false, nonEmpty: Bool = false, nullIsAbsent: Bool = false)
        -> String?
    {
        guard let value = present(key, required: required) else { return nil }
        if nullIsAbsent && value.isNull {
            if required { log.error(path.appending(key), at: value.location, "must not be null") }
            return nil
        }
        guard let text = value.stringValue else {
            mismatch(key, value, expected: "a string")
            return nil
        }
        if nonEmpty && text.trimmingWhitespace().isEmpty {
            log.error(path.appending(key), at: value.location, "must not be empty")
            return nil
        }
        return text
    }

    public func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = present(key, required: required) else { return nil }
        guard case .bool(let flag) = value.value else {
            mismatch(key, value, expected: "true or false")
            return nil
        }
        return flag
    }

    /// A number member, checked against an allowed range.
    public func double(_ key: String, required: Bool = false, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let value = present(key, required: required) else { return nil }
        guard case .number(let text) = value.value, let number = Double(text) else {
            mismatch(key, value, expected: "a number")
            return nil
        }
        let shown = JSONNode.excerpt(ofNumber: text)
        guard number.isFinite else {
            log.error(path.appending(key), at: value.location, "\(shown) is too large" + rangeNote(range))
            return nil
        }
        if let range, !range.contains(number) {
            log.error(
                path.appending(key), at: value.location,
                "\(shown) is out of range (\(JSONObjectReader.format(range.lowerBound)) to \(JSONObjectReader.format(range.upperBound)))"
            )
            return nil
        }
        return number
    }

    /// A whole-number member, checked against an allowed range.
    public func int(_ key: String, required: Bool = false, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let value = present(key, required: required) else { return nil }
        guard case .number(let text) = value.value else {
            mismatch(key, value, expected: "a whole number")
            return nil
        }
        guard let number = Int(text) else {
            let shown = JSONNode.excerpt(ofNumber: text)
            let isWhole = text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }
            let message =
                isWhole
                ? "\(shown) is too large for a whole number" + rangeNote(range)
                : "expected a whole number, found \(shown)"
            log.error(path.appending(key), at: value.location, message)
            return nil
        }
        if let range, !range.contains(number) {
            log.error(
                path.appending(key), at: value.location,
                "\(number) is out of range (\(range.lowerBound) to \(range.upperBound))")
            return nil
        }
        return number
    }

    public func object(_ key: String, required: Bool = false) -> JSONObjectReader? {
        guard let value = present(key, required: required) else { return nil }
        return JSONObjectReader(value, path: path.appending(key), log: log)
    }

    /// An array member's items, each with its path.
    public func array(_ key: String, required: Bool = false) -> [(node: JSONNode, path: JSONPath)]? {
        guard let value = present(key, required: required) else { return nil }
        guard let items = value.arrayValue else {
            mismatch(key, value, expected: "an array")
            return nil
        }
        let base = path.appending(key)
        return items.enumerated().map { (node: $0.element, path: base.appending(index: $0.offset)) }
    }

    /// Warns about each member not in `known`, naming the closest known key.
    public func warnUnknownKeys(_ known: Set<String>) {
        // Prepared once per object, and only for an object that has an unknown member.
        var matcher: Suggestions.Matcher?
        for member in node.members ?? [] where !known.contains(member.key) {
            var message = "unknown member \"\(SafeText.excerpt(member.key))\" is ignored"
            if matcher == nil { matcher = Suggestions.Matcher(known) }
            if let suggestion = matcher?.closest(to: member.key).first {
                message += " (did you mean \"\(suggestion)\"?)"
            }
            log.warning(path.appending(member.key), at: member.keyLocation, message)
        }
    }

    private func rangeNote<Bound>(_ range: ClosedRange<Bound>?) -> String {
        guard let range else { return "" }
        if let lower = range.lowerBound as? Double, let upper = range.upperBound as? Double {
            return " (\(JSONObjectReader.format(lower)) to \(JSONObjectReader.format(upper)))"
        }
        return " (\(range.lowerBound) to \(range.upperBound))"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

import FoundationEssentials
import OnboardBase

extension EventLine {
    /// Why a line is not an event the report can count, said for a person: `file:line: why`.
    public struct Problem: Error, Equatable, Sendable {
        public var reason: String

        public init(_ reason: String) { self.reason = reason }
    }

    /// Reads one line (without its newline) through the project's JSON parser.
    public static func decode(_ bytes: [UInt8]) throws(Problem) -> EventLine {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            throw Problem("not JSON: \(error.message) at column \(error.location.column)")
        }
        guard node.members != nil else { throw Problem("not a JSON object but \(node.kindName)") }
        let name = try string(node, "event")
        var line = EventLine(kind: Kind(rawValue: name) ?? .other, run: try string(node, "run"))
        line.assignments = try assignments(node["assignments"])
        switch line.kind {
        case .pageViewed:
            line.pageIndex = try index(node["index"])
            line.id = try optionalString(node, "id")
        case .questionAnswered:
            line.id = try string(node, "id")
        case .purchaseFinished:
            line.purchase = try purchase(node)
        case .tourStarted, .paywallShown, .exitOfferShown, .other:
            break
        }
        return line
    }

    private static func string(_ node: JSONNode, _ key: String) throws(Problem) -> String {
        guard let member = node[key] else { throw Problem("no \"\(key)\" member") }
        guard let text = member.stringValue else { throw Problem("\"\(key)\" is \(member.kindName), not a string") }
        return text
    }

    private static func optionalString(_ node: JSONNode, _ key: String) throws(Problem) -> String? {
        guard let member = node[key], !member.isNull else { return nil }
        guard let text = member.stringValue else {
            throw Problem("\"\(key)\" is \(member.kindName), not a string or null")
        }
        return text
    }

    private static func index(_ node: JSONNode?) throws(Problem) -> Int? {
        guard let node else { throw Problem("no \"index\" member") }
        if node.isNull { return nil }
        guard case .number(let text) = node.value, let value = Int(text), value >= 0 else {
            throw Problem("\"index\" is \(node.kindName), not a page index or null")
        }
        return value
    }

    private static func assignments(_ node: JSONNode?) throws(Problem) -> [Assignment] {
        // Files written before experiments have no assignments: such a line is in none.
        guard let node, !node.isNull else { return [] }
        guard let members = node.members else {
            throw Problem("\"assignments\" is \(node.kindName), not an object")
        }
        var assignments: [Assignment] = []
        assignments.reserveCapacity(members.count)
        for member in members {
            guard let variant = member.value.stringValue else {
                throw Problem(
                    "\"assignments\".\"\(SafeText.excerpt(member.key))\" is \(member.value.kindName), not a variant id")
            }
            assignments.append(Assignment(experiment: member.key, variant: variant))
        }
        return assignments
    }

    private static func purchase(_ node: JSONNode) throws(Problem) -> Purchase {
        let state = try string(node, "state")
        let currency = try optionalString(node, "currency")
        if let currency, currency.utf8.count != 3 || !currency.utf8.allSatisfy({ (65...90).contains($0) }) {
            throw Problem("\"currency\" is not an ISO 4217 code such as \"USD\"")
        }
        var price: Decimal?
        if let text = try optionalString(node, "price") {
            guard isDecimal(text), let value = Decimal(string: text) else {
                throw Problem("\"price\" is not a decimal such as \"4.99\"")
            }
            guard currency != nil else { throw Problem("\"price\" without a \"currency\"") }
            price = value
        }
        var trial = false
        if let member = node["trial"], !member.isNull {
            guard case .bool(let value) = member.value else {
                throw Problem("\"trial\" is \(member.kindName), not true or false")
            }
            trial = value
        }
        return Purchase(isCompleted: state == "purchased", price: price, currency: currency, startsTrial: trial)
    }

    /// `-?digits(.digits)?`, the event format's decimal: nothing that a number parser would
    /// read only a prefix of.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { (48...57).contains($0) } }
    }
}

import FoundationEssentials

/// The fast path for the lines tui-onboard writes: one pass over the bytes of a flat JSON
/// object, keeping the members the report reads and stepping over the others, without building
/// a tree. It takes only what it is sure of (ASCII, no escapes in what it keeps, numbers and
/// literals as RFC 8259 spells them) and answers nil for anything else, which then goes through
/// `JSONParser` and `EventLine.decode` for the same answer or a precise reason. Measured in
/// `make bench`: the parser's tree for every line was most of the time of a million lines.
struct EventLineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// The line read, or nil when the slow path must decide.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> EventLine? {
        // Text beyond ASCII (a typed answer) is rare: the parser checks its UTF-8.
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var scanner = EventLineScanner(bytes: bytes)
        return scanner.line()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var fields = Fields()

    /// What the members said, before they are checked against the event's needs.
    struct Fields {
        var event: Range<Int>?
        var run: Range<Int>?
        var assignments: [Assignment] = []
        var index: Int??
        var id: Range<Int>??
        var state: Range<Int>?
        var price: Range<Int>??
        var currency: Range<Int>??
        var trial: Bool??
    }

    private mutating func line() -> EventLine? {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard member(key) else { return nil }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        skipSpace()
        guard position == bytes.count else { return nil }
        return eventLine()
    }

    /// Reads the value of the member named by the bytes in `key`.
    private mutating func member(_ key: Range<Int>) -> Bool {
        switch text(key) {
        case "event":
            fields.event = string()
            return fields.event != nil
        case "run":
            fields.run = string()
            return fields.run != nil
        case "state":
            fields.state = string()
            return fields.state != nil
        case "assignments": return assignments()
        case "index":
            fields.index = nullable { $0.wholeNumber() }
            return fields.index != nil
        case "id":
            fields.id = nullable { $0.string() }
            return fields.id != nil
        case "price":
            fields.price = nullable { $0.string() }
            return fields.price != nil
        case "currency":
            fields.currency = nullable { $0.string() }
            return fields.currency != nil
        case "trial":
            fields.trial = nullable { $0.boolean() }
            return fields.trial != nil
        default: return skipValue(depth: 0)
        }
    }

    /// A value `read` reads, or null: `.some(nil)` for null, nil when it is neither.
    private mutating func nullable<Value>(_ read: (inout EventLineScanner) -> Value?) -> Value?? {
        if literal("null") { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    private mutating func assignments() -> Bool {
        // A member given twice counts as its last, as `JSONNode` reads it.
        fields.assignments = []
        if literal("null") { return true }
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard let experiment = string() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard let variant = string() else { return false }
            fields.assignments.append(Assignment(experiment: text(experiment), variant: text(variant)))
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }
}

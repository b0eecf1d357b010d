import FoundationEssentials

extension EventLineScanner {
    /// The line from the members read; nil where the slow path gives the reason.
    mutating func eventLine() -> EventLine? {
        guard let eventRange = fields.event, let runRange = fields.run else { return nil }
        let kind = EventLine.Kind(rawValue: text(eventRange)) ?? .other
        var line = EventLine(kind: kind, run: text(runRange), assignments: fields.assignments)
        switch kind {
        case .pageViewed:
            guard let index = fields.index else { return nil }
            line.pageIndex = index
            line.id = (fields.id ?? nil).map(text)
        case .questionAnswered:
            guard case .some(.some(let id)) = fields.id else { return nil }
            line.id = text(id)
        case .purchaseFinished:
            guard let state = fields.state, let purchase = purchase(state: text(state)) else { return nil }
            line.purchase = purchase
        case .tourStarted, .paywallShown, .exitOfferShown, .other:
            break
        }
        return line
    }

    private func purchase(state: String) -> EventLine.Purchase? {
        let currency = (fields.currency ?? nil).map(text)
        if let currency, currency.utf8.count != 3 || !currency.utf8.allSatisfy({ (65...90).contains($0) }) {
            return nil
        }
        var price: Decimal?
        if let range = fields.price ?? nil {
            let priceText = text(range)
            guard currency != nil, EventLine.isDecimal(priceText), let value = Decimal(string: priceText) else {
                return nil
            }
            price = value
        }
        return EventLine.Purchase(
            isCompleted: state == "purchased", price: price, currency: currency,
            startsTrial: (fields.trial ?? nil) ?? false)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func skipSpace() {
        while position < bytes.count, FunnelTally.isJSONWhitespace(bytes[position]) { position += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        position += count
        return true
    }

    /// A string without escapes or control characters: the range of its contents.
    mutating func string() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A page index: digits without a leading zero, a fraction or an exponent, and not too long.
    mutating func wholeNumber() -> Int? {
        let start = position
        while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
        let count = position - start
        guard count > 0, count <= 9, count == 1 || bytes[start] != 48 else { return nil }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            return nil
        }
        return bytes[start..<position].reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// Steps over any JSON value the report does not read; false for anything not plainly valid.
    mutating func skipValue(depth: Int) -> Bool {
        guard position < bytes.count, depth < 64 else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"): return skipContainer(close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "["): return skipContainer(close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return skipNumber()
        }
    }

    private mutating func skipString() -> Bool {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                // Escapes are for the parser to check (a \u must have four hex digits).
                return false
            }
            position += 1
        }
        return false
    }

    private mutating func skipContainer(close: UInt8, keyed: Bool, depth: Int) -> Bool {
        position += 1
        skipSpace()
        if take(close) { return true }
        repeat {
            skipSpace()
            if keyed {
                guard string() != nil else { return false }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipSpace()
            }
            guard skipValue(depth: depth + 1) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(close)
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func skipNumber() -> Bool {
        _ = take(UInt8(ascii: "-"))
        guard let first = digits(), first.count == 1 || bytes[first.lowerBound] != 48 else { return false }
        if take(UInt8(ascii: ".")) { guard digits() != nil else { return false } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() != nil else { return false }
        }
        return true
    }

    private mutating func digits() -> Range<Int>? {
        let start = position
        while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
        return position > start ? start..<position : nil
    }
}

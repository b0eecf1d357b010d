extension String {
    /// `value`'s digits in `radix`, with zeros in front up to `width` digits:
    /// `String(zeroPadded: 10, radix: 16, width: 2, uppercase: true)` is "0A".
    public init<Value: BinaryInteger>(zeroPadded value: Value, radix: Int = 10, width: Int, uppercase: Bool = false) {
        let digits = String(value, radix: radix, uppercase: uppercase)
        // Swift.max: a bare max here would be the string's own (Sequence.max).
        self = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}

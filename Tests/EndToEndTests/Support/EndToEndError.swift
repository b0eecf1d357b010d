/// A failure of the test harness itself (a missing tool or binary), with a message that says what to do.
struct EndToEndError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

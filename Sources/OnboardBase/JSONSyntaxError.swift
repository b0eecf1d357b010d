/// A syntax error in a JSON text, with where it happened.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var message: String
    public var location: SourceLocation
}

import FoundationEssentials

/// Short, path-first descriptions of `DecodingError`s, for messages a user can act on.
enum DecodingFailure {
    /// "apps.demo.completion: Cannot initialize Completion from invalid String value done".
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return located(context.codingPath, context.debugDescription)
        case let .keyNotFound(key, context):
            return located(context.codingPath, "missing \"\(key.stringValue)\"")
        @unknown default:
            return String(describing: error)
        }
    }

    private static func located(_ path: [any CodingKey], _ message: String) -> String {
        guard !path.isEmpty else { return message }
        let text = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return "\(text.replacing(".[", with: "[")): \(message)"
    }
}

/// A question answered with a line of text.
public struct InputQuestion: Hashable, Sendable {
    /// Shown dimmed in the empty field.
    public var placeholder: String
    /// What the text must match; nil takes any text.
    public var pattern: TextPattern?
    /// What the screen says when the text does not match `pattern`; nil for the standard words.
    public var patternMessage: String?
    /// The most characters (grapheme clusters) the field takes.
    public var maximumLength: Int
    /// The text the field starts with.
    public var defaultText: String?

    /// The most characters any field takes, whatever the deck asks for.
    public static let lengthLimit = 1_024

    public init(
        placeholder: String = "", pattern: TextPattern? = nil, patternMessage: String? = nil,
        maximumLength: Int = InputQuestion.lengthLimit, defaultText: String? = nil
    ) {
        self.placeholder = placeholder
        self.pattern = pattern
        self.patternMessage = patternMessage
        self.maximumLength = min(max(1, maximumLength), InputQuestion.lengthLimit)
        self.defaultText = defaultText
    }

    /// Why `text` is no answer; nil when it is one. An empty text is no answer to a required
    /// question, and the answer "nothing" to an optional one (the pattern is not asked).
    func problem(with text: String, isRequired: Bool) -> AnswerProblem? {
        if text.isEmpty { return isRequired ? .missing : nil }
        if text.unicodeScalars.contains(where: { SafeText.visibleReplacement(for: $0) != nil }) {
            return .controlCharacter
        }
        if text.count > maximumLength { return .tooLong(maximum: maximumLength) }
        if let pattern, !pattern.matches(text) {
            return .doesNotMatch(pattern: pattern.source, message: patternMessage)
        }
        return nil
    }
}

/// A question answered yes or no.
public struct ConfirmQuestion: Hashable, Sendable {
    /// The answer the page starts with; nil for none (No is highlighted, but not yet chosen).
    public var defaultValue: Bool?

    public init(defaultValue: Bool? = nil) { self.defaultValue = defaultValue }
}

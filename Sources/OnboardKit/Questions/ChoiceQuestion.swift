/// A question answered by picking from a list: one choice, or with `allowsSeveral` from
/// `minimum` to `maximum` of them.
public struct ChoiceQuestion: Hashable, Sendable {
    public struct Choice: Hashable, Sendable {
        /// What the answer says: letters, digits, `_`, `-` and `.`, starting with a letter or digit.
        public var id: String
        public var title: String
        public var subtitle: String

        public init(id: String, title: String, subtitle: String = "") {
            self.id = id
            self.title = title
            self.subtitle = subtitle
        }
    }

    public var choices: [Choice]
    public var allowsSeveral: Bool
    /// For several: the fewest and most that may be picked.
    public var minimum: Int
    public var maximum: Int
    /// The choices picked when the page first shows.
    public var defaultIDs: [String]

    public init(
        choices: [Choice], allowsSeveral: Bool = false, minimum: Int? = nil, maximum: Int? = nil,
        defaultIDs: [String] = []
    ) {
        self.choices = choices
        self.allowsSeveral = allowsSeveral
        self.minimum = minimum ?? (allowsSeveral ? 0 : 1)
        self.maximum = maximum ?? (allowsSeveral ? choices.count : 1)
        self.defaultIDs = defaultIDs
    }

    /// Why picking `ids` is no answer; nil when it is one.
    func problem(with ids: [String]) -> AnswerProblem? {
        if let unknown = ids.first(where: { id in !choices.contains { $0.id == id } }) { return .notAChoice(unknown) }
        if Set(ids).count != ids.count { return .repeatedChoice }
        if ids.count < minimum { return .tooFewChoices(minimum: minimum) }
        if ids.count > maximum { return .tooManyChoices(maximum: maximum) }
        return nil
    }
}

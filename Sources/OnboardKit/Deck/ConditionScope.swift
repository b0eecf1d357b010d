/// What a page's `"when"` may name, known once every page is decoded: the questions before
/// it (the only answers it can read), every question of the deck (to say which come later),
/// and the experiments the deck declares.
struct ConditionScope {
    /// The questions on the pages before this one, by id.
    var earlier: [String: QuestionPage]
    /// Every question of the deck: its id and the page it is on (from 0).
    var questionPages: [String: Int]
    /// The page the condition belongs to (from 0).
    var page: Int
    /// Experiment id -> its variant ids; nil when the deck declares no `"experiments"`.
    var experiments: [String: [String]]?
}

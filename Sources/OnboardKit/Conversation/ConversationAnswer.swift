import FoundationEssentials

/// Reads a line typed on a question page of the conversation (`Conversation`) as an answer:
/// a choice by its number or its name, several by numbers separated by spaces or commas, a
/// text as typed, yes or no as `y` or `n`. Whether the answer is allowed (the pattern, how
/// many choices) is the question's own rule (`QuestionPage.problem(with:)`), checked after.
public enum ConversationAnswer {
    /// The answer `line` gives `question`, or why it gives none. An empty line is no answer
    /// here: the conversation keeps what the page holds for it.
    public static func read(_ line: String, for question: QuestionPage) -> Result<Answer, AnswerProblem> {
        let trimmed = line.trimmingWhitespace()
        switch question.kind {
        case .choices(let choices):
            if let single = choice(named: trimmed, in: choices) {
                return .success(question.normalized(.text(single)))
            }
            guard choices.allowsSeveral else { return .failure(.notAChoice(trimmed)) }
            return several(trimmed, in: choices).map(Answer.choices)
        case .input:
            return .success(.text(line))
        case .confirm:
            return yesOrNo(trimmed).map { .success(.yesNo($0)) } ?? .failure(.wrongKind)
        }
    }

    /// The id of the choice `text` names: its number (from 1), its id or its title, case
    /// ignored; nil for none.
    static func choice(named text: String, in question: ChoiceQuestion) -> String? {
        if let number = Int(text), question.choices.indices.contains(number - 1) {
            return question.choices[number - 1].id
        }
        let folded = text.lowercased()
        guard !folded.isEmpty else { return nil }
        return question.choices.first { $0.id.lowercased() == folded || $0.title.lowercased() == folded }?.id
    }

    /// Several choices: by commas first, so titles with spaces in them are found, else by
    /// spaces and commas; a piece that names no choice is the problem.
    static func several(_ text: String, in question: ChoiceQuestion) -> Result<[String], AnswerProblem> {
        let byCommas = pieces(of: text, separators: [","])
        if let ids = ids(of: byCommas, in: question) { return .success(ids) }
        let bySpaces = pieces(of: text, separators: [",", " ", "\t"])
        if let ids = ids(of: bySpaces, in: question) { return .success(ids) }
        let unknown = bySpaces.first { choice(named: $0, in: question) == nil } ?? text
        return .failure(.notAChoice(unknown))
    }

    private static func pieces(of text: String, separators: Set<Character>) -> [String] {
        text.split(whereSeparator: { separators.contains($0) }).map {
            String($0).trimmingWhitespace()
        }.filter { !$0.isEmpty }
    }

    private static func ids(of pieces: [String], in question: ChoiceQuestion) -> [String]? {
        var ids: [String] = []
        for piece in pieces {
            guard let id = choice(named: piece, in: question) else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// `y`, `yes`, `n`, `no`, or the reader's own words for them, case ignored.
    static func yesOrNo(_ text: String) -> Bool? {
        let folded = text.lowercased()
        if ["y", "yes", Messages.tr("Yes").lowercased()].contains(folded) { return true }
        if ["n", "no", Messages.tr("No").lowercased()].contains(folded) { return false }
        return nil
    }
}

/// A reading of a typed answer fails with the problem the screen would show.
extension AnswerProblem: Error {}

import Testing

@testable import OnboardKit

/// A typed line read as an answer: a choice by number or name, several by numbers with
/// spaces or commas, yes or no by a letter, text as typed; anything else is the problem the
/// screen would show.
@Suite struct ConversationAnswerTests {
    @Test(
        arguments: [
            ("2", Answer.text("zsh")), ("Zsh", .text("zsh")), ("FISH", .text("fish")), (" bash ", .text("bash")),
            ("3", .text("fish")),
        ])
    func aSingleChoiceIsItsNumberOrItsName(line: String, expected: Answer) {
        #expect((try? ConversationAnswer.read(line, for: QuestionDecks.shell).get()) == expected)
    }

    @Test(
        arguments: [
            ("1 3", Answer.choices(["git", "k8s"])), ("1,3", .choices(["git", "k8s"])),
            ("git, Kubernetes", .choices(["git", "k8s"])), ("3  2", .choices(["k8s", "docker"])),
            ("docker", .choices(["docker"])),
        ])
    func severalChoicesAreNumbersOrNamesSeparatedBySpacesOrCommas(line: String, expected: Answer) {
        #expect((try? ConversationAnswer.read(line, for: QuestionDecks.tools).get()) == expected)
    }

    @Test(arguments: [("y", true), ("Yes", true), ("n", false), ("NO", false)])
    func yesOrNoIsALetterOrAWord(line: String, expected: Bool) {
        #expect((try? ConversationAnswer.read(line, for: QuestionDecks.telemetry).get()) == .yesNo(expected))
    }

    @Test(
        arguments: [
            ("4", QuestionDecks.shell, AnswerProblem.notAChoice("4")),
            ("tcsh", QuestionDecks.shell, .notAChoice("tcsh")),
            ("1 9", QuestionDecks.tools, .notAChoice("9")), ("maybe", QuestionDecks.telemetry, .wrongKind),
        ])
    func aLineThatNamesNoAnswerIsTheScreensProblem(line: String, question: QuestionPage, problem: AnswerProblem) {
        #expect(throws: problem) { try ConversationAnswer.read(line, for: question).get() }
    }

    @Test func textIsKeptAsTypedAndCheckedByTheQuestionsPattern() throws {
        let question = QuestionDecks.name
        let read = try ConversationAnswer.read("Ada Lovelace", for: question).get()
        #expect(read == .text("Ada Lovelace"))
        #expect(question.problem(with: read) == nil)
        let wrong = try ConversationAnswer.read("Ada1", for: question).get()
        #expect(question.problem(with: wrong) != nil)
    }
}

import Testing

@testable import OnboardKit

/// Every kind of condition, and their combinations, against answers, entitlements and variants.
@Suite struct PageConditionTests {
    static let context = ConditionContext(
        answers: [
            "role": .text("student"), "tools": .choices(["git", "vim"]), "name": .text("Ada"), "ok": .yesNo(true),
            "none": .choices([]),
        ],
        entitled: ["pro"], variants: ["copy": "b"])

    @Test(arguments: [
        (PageCondition.answerIs(answer: "role", value: "student"), true),
        (.answerIs(answer: "role", value: "pro"), false),
        (.answerIs(answer: "missing", value: "student"), false),
        (.answerIs(answer: "name", value: "Ada"), true),
        (.answerIs(answer: "ok", value: "true"), true),
        (.answerIs(answer: "ok", value: "false"), false),
        (.answerIs(answer: "tools", value: "git"), false),
        (.answerIn(answer: "role", values: ["pro", "student"]), true),
        (.answerIn(answer: "role", values: ["pro", "teacher"]), false),
        (.answerIn(answer: "missing", values: ["student"]), false),
        (.answerIn(answer: "ok", values: ["false", "true"]), true),
        (.answerIncludes(answer: "tools", choice: "git"), true),
        (.answerIncludes(answer: "tools", choice: "docker"), false),
        (.answerIncludes(answer: "none", choice: "git"), false),
        (.answerIncludes(answer: "missing", choice: "git"), false),
        (.answerIncludes(answer: "ok", choice: "true"), false),
        (.answered("role"), true),
        (.answered("none"), true),
        (.answered("missing"), false),
        (.entitled("pro"), true),
        (.entitled("team"), false),
        (.variant(experiment: "copy", is: "b"), true),
        (.variant(experiment: "copy", is: "a"), false),
        (.variant(experiment: "price", is: "b"), false),
        (.all([]), true),
        (.any([]), false),
        (.all([.answered("role"), .entitled("pro")]), true),
        (.all([.answered("role"), .entitled("team")]), false),
        (.any([.entitled("team"), .answerIncludes(answer: "tools", choice: "vim")]), true),
        (.any([.entitled("team"), .answered("missing")]), false),
        (.not(.answered("missing")), true),
        (.not(.answerIs(answer: "missing", value: "x")), true),
        (.not(.entitled("pro")), false),
        (.not(.not(.entitled("pro"))), true),
        (.all([.any([.entitled("team"), .variant(experiment: "copy", is: "b")]), .not(.answered("missing"))]), true),
        (
            .any([.all([.entitled("pro"), .entitled("team")]), .not(.answerIs(answer: "role", value: "student"))]),
            false
        ),
    ])
    func holds(condition: PageCondition, expected: Bool) {
        #expect(condition.holds(in: Self.context) == expected)
    }

    /// Nothing answered, nothing active, no experiments: only tests of absence hold.
    @Test(arguments: [
        (PageCondition.answerIs(answer: "role", value: "student"), false),
        (.answered("role"), false),
        (.entitled("pro"), false),
        (.variant(experiment: "copy", is: "a"), false),
        (.not(.answered("role")), true),
        (.not(.entitled("pro")), true),
    ])
    func holdsInAnEmptyContext(condition: PageCondition, expected: Bool) {
        #expect(condition.holds(in: ConditionContext()) == expected)
    }

    @Test func namesTheQuestionsItReads() {
        let condition = PageCondition.all([
            .answerIs(answer: "a", value: "x"), .not(.any([.answered("b"), .entitled("pro")])),
            .answerIncludes(answer: "c", choice: "y"), .answerIn(answer: "d", values: []),
        ])
        #expect(condition.questionIDs == ["a", "b", "c", "d"])
        #expect(condition.readsEntitlements)
        #expect(!PageCondition.not(.answered("a")).readsEntitlements)
    }
}

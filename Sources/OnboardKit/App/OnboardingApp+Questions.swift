/// Question pages: the answers so far, and the rule that a required question is answered
/// before any page after it shows.
extension OnboardingApp {
    /// Every answer given, by question id, to the questions on the path: one whose page the
    /// conditions left out (the reader went back and chose otherwise) was not asked.
    public var answers: [String: Answer] {
        let held = conditionContext.answers
        let onPath = deck.hasConditions ? deck.answers(held, onPath: carousel.path) : held
        return onPath.merging(surveyAnswers) { $1 }
    }

    /// The position on the path a move toward `position` ends on: moving forward, the current
    /// question page is answered first (with what it holds, as Enter would) and stays when that
    /// fails, and an unanswered required question on the way is as far as it goes. Back is
    /// never stopped. The answer may change the path ahead, which the move then follows.
    mutating func reachablePage(toward position: Int) -> Int {
        let current = carousel.position
        guard position > current else { return position }
        guard leaveQuestion(at: carousel.currentIndex) else { return current }
        let target = min(position, carousel.pageCount - 1)
        guard target > current + 1 else { return target }
        for place in (current + 1)..<target where questions[carousel.path[place]]?.allowsLeaving == false {
            return place
        }
        return target
    }

    /// Answers the question on page `index` with what it holds, if it is one; false (and the
    /// reason under its field) when that is no answer.
    mutating func leaveQuestion(at index: Int) -> Bool {
        guard var state = questions[index] else { return true }
        let answered = state.submit()
        keepQuestion(state, at: index)
        return answered
    }

    /// Keeps question page `index`'s new state; an answer it did not hold before (the first,
    /// or a changed one) is told to the host as it is given.
    mutating func keepQuestion(_ state: QuestionState, at index: Int) {
        let before = questions[index]?.answer
        questions[index] = state
        guard state.answer != before else { return }
        // The answer may open or close pages ahead: the dots recount at once.
        followPath()
        guard let answer = state.answer else { return }
        queuedEvents.append(.questionAnswered(index: index, id: state.question.id, answer: answer))
    }

    /// A click on the current question page: a choice picks it (a picked single choice goes
    /// on), Yes and No answer and go on. Nil when the click is on nothing of the page's.
    mutating func clickQuestion(x: Int, y: Int) -> [Effect]? {
        let index = carousel.currentIndex
        guard var state = questions[index], !slide.isMoving else { return nil }
        let view = QuestionView(state: state, theme: theme, layoutDirection: settings.layoutDirection)
        guard let target = view.target(atX: x, y: y, in: layout.content) else {
            return nil
        }
        guard case .option(let option) = target else { return [] }
        let wasPicked = state.clickAnswers(option: option)
        state.click(option: option)
        keepQuestion(state, at: index)
        guard wasPicked else { return [] }
        return perform(.advance, key: .enter)
    }
}

/// A declined paywall in the conversation: its exit offer said as the page it replaces, its
/// survey asked as a question whose Enter goes on without an answer, as Esc does on screen.
extension Conversation {
    /// What the reader sees of the current page: it changes with the page, and with an exit
    /// offer or a survey coming up on it, which is then said as a page of its own.
    var shownView: ShownView {
        let index = app.carousel.currentIndex
        return ShownView(
            index: index, showsExitOffer: app.exitOfferPages.contains(index),
            surveyQuestion: app.survey?.state.question.id)
    }

    struct ShownView: Equatable {
        var index: Int
        var showsExitOffer: Bool
        var surveyQuestion: String?
    }

    /// The survey on screen: its question, its choices numbered (or its "Other" line), how to
    /// answer; what Enter does is said by the prompt.
    func surveyLines(_ prompt: SurveyPrompt) -> [String] {
        let question = prompt.state.question
        var lines = [question.heading] + Self.paragraphs(question.text) + questionLines(question, state: prompt.state)
        // The question's own default line says an answer is needed; here Enter goes on.
        if !prompt.isAskingOther { lines.removeLast() }
        return lines
    }

    /// The prompt under the survey.
    var surveyPrompt: String {
        pagePrompt([
            Messages.tr("{{ key }}: go on without answering", ["key": Key.enter.displayName]),
            Messages.tr("{{ key }}: quit", ["key": "q"]),
        ])
    }

    /// A line typed to the survey: empty goes on without an answer, `q` quits, anything else
    /// is read as the answer (a number or a name, or the "Other" line's text).
    mutating func answerSurvey(_ prompt: SurveyPrompt, line: String, said: inout [String]) -> [Effect] {
        let typed = line.trimmingWhitespace()
        if typed.isEmpty { return app.conversationAnswerSurvey(nil) }
        if !prompt.isAskingOther, typed.lowercased() == "q" { return [.quit(.dismissed)] }
        let question = prompt.state.question
        switch ConversationAnswer.read(line, for: question) {
        case .success(let answer):
            if let problem = question.problem(with: answer) {
                said.append(problem.screenText)
                return []
            }
            return app.conversationAnswerSurvey(answer)
        case .failure(let problem):
            said.append(problem.screenText)
            return []
        }
    }
}

extension OnboardingApp {
    /// The survey answered with `answer` (already checked), or left without one (nil).
    mutating func conversationAnswerSurvey(_ answer: Answer?) -> [Effect] {
        converse { app in
            guard var prompt = app.survey else { return [] }
            guard let answer else { return app.endSurvey() }
            prompt.state = QuestionState(question: prompt.state.question, answered: answer)
            app.survey = prompt
            return app.surveyAnswered()
        }
    }

    /// Skip or quit typed on a page: from a paywall, its exit offer or survey may come first.
    mutating func conversationLeave(_ leave: PaywallLeave) -> [Effect] {
        converse { $0.leaving(leave) }
    }
}

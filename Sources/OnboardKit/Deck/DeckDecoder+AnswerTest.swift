/// `{"answer": ID, "is": …}`, `"in": […]` and `"includes": …`: a test of one earlier answer,
/// checked against what that question can answer. `is` and `in` take a single choice's id, an
/// input's text, or true or false for a yes-or-no question; `includes` takes a choice of a
/// multiple-choice question, which `is` and `in` do not test (its answer is a list).
extension DeckDecoder {
    func decodeAnswerTest(_ object: JSONObjectReader, scope: ConditionScope) -> PageCondition? {
        let tests = ["is", "in", "includes"].filter(object.has)
        guard let id = object.string("answer", nonEmpty: true) else { return nil }
        guard tests.count == 1 else {
            log.error(
                object.path, at: object.node.location,
                tests.isEmpty
                    ? "a test of answer \"\(SafeText.excerpt(id))\" needs one of \"is\", \"in\" or \"includes\""
                    : "a test of an answer has one of \"is\", \"in\" or \"includes\", not "
                        + tests.map { "\"\($0)\"" }.joined(separator: " and "))
            return nil
        }
        guard let question = question(id, in: object, key: "answer", scope: scope) else { return nil }
        let test = tests[0]
        guard let misfit = misfit(of: test, for: question) else {
            return decodeTestValue(test, of: question, in: object)
        }
        log.error(object.path.appending(test), at: object.member(test)?.location, misfit)
        return nil
    }

    /// Why `test` cannot test `question`'s answer; nil when it can.
    private func misfit(of test: String, for question: QuestionPage) -> String? {
        let id = question.id
        switch (test, question.kind) {
        case ("includes", .choices(let choices)) where choices.allowsSeveral: return nil
        case ("includes", .choices):
            return "question \"\(id)\" takes one choice: test it with \"is\" or \"in\", not \"includes\""
        case ("includes", _):
            return
                "\"includes\" tests a question with \"multiple\": true; \"\(id)\" is a \(question.kind.name) question"
        case (_, .choices(let choices)) where choices.allowsSeveral:
            return "question \"\(id)\" takes several choices: test one of them with \"includes\", not \"\(test)\""
        default: return nil
        }
    }

    private func decodeTestValue(_ test: String, of question: QuestionPage, in object: JSONObjectReader)
        -> PageCondition?
    {
        let path = object.path.appending(test)
        guard let node = object.member(test) else { return nil }
        if test == "in" {
            guard let items = node.arrayValue else {
                log.error(path, at: node.location, "expected a list of answers, found \(node.kindName)")
                return nil
            }
            if items.isEmpty { log.error(path, at: node.location, "\"in\" needs at least one answer") }
            let values = items.enumerated().map {
                value($0.element, path: path.appending(index: $0.offset), of: question)
            }
            let known = values.compactMap { $0 }
            guard !items.isEmpty, known.count == values.count else { return nil }
            return .answerIn(answer: question.id, values: known)
        }
        guard let value = value(node, path: path, of: question) else { return nil }
        return test == "is"
            ? .answerIs(answer: question.id, value: value) : .answerIncludes(answer: question.id, choice: value)
    }

    /// One value an answer is compared with, checked against the question: a choice it has,
    /// any text for an input, true or false for a yes-or-no question.
    private func value(_ node: JSONNode, path: JSONPath, of question: QuestionPage) -> String? {
        switch question.kind {
        case .confirm:
            guard case .bool(let flag) = node.value else {
                log.error(
                    path, at: node.location,
                    "question \"\(question.id)\" is answered yes or no: expected true or false, found \(node.kindName)")
                return nil
            }
            return flag ? "true" : "false"
        case .input:
            guard let text = node.stringValue else {
                log.error(path, at: node.location, "expected a string, found \(node.kindName)")
                return nil
            }
            return text
        case .choices(let choices):
            guard let id = node.stringValue else {
                log.error(path, at: node.location, "expected a choice id, found \(node.kindName)")
                return nil
            }
            let known = choices.choices.map(\.id)
            guard known.contains(id) else {
                unknownName(
                    "choice", id, of: "question \"\(question.id)\"", known: known, at: path, location: node.location)
                return nil
            }
            return id
        }
    }
}

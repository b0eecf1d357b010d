/// Question pages: `{"kind": "question", "id": …, "heading": …}` with `choices`, `input` or
/// `confirm`, each checked where it stands (ids, counts, the pattern, defaults).
extension DeckDecoder {
    static let questionKeys: Set<String> = [
        "kind", "id", "heading", "text", "required", "choices", "multiple", "min", "max", "default", "input",
        "confirm", "since", "background", "when",
    ]

    /// What a question's id may be: it names the answer in JSON, in `answer KEY` and in a shell.
    static func isQuestionID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.utf8.count <= 64, first.isASCII,
            first.properties.isAlphabetic
        else { return false }
        return id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
    }

    /// What a choice's id may be: as a question's, and it may start with a digit or hold a dot.
    static func isChoiceID(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 64 else { return false }
        return id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
        }
    }

    /// True when `id`, the `"id"` of `object`, may name an answer (`isQuestionID`); otherwise
    /// says so there, calling it a `noun` id.
    func checkID(_ id: String, in object: JSONObjectReader, noun: String) -> Bool {
        guard !Self.isQuestionID(id) else { return true }
        log.error(
            object.path.appending("id"), at: object.member("id")?.location,
            "\"\(SafeText.excerpt(id))\" is not \(noun) id: letters, digits, _ and -, starting with a letter, at most 64"
        )
        return false
    }

    /// What a question page and a paywall's survey both start with: the answer's `id` (nil
    /// when missing or not one), the `heading` and the `text`.
    func questionWords(_ object: JSONObjectReader) -> (id: String?, heading: String?, text: String) {
        let id = object.string("id", required: true, nonEmpty: true)
        let checked = id.flatMap { checkID($0, in: object, noun: "a question") ? $0 : nil }
        let heading = text("heading", in: object, required: true, nonEmpty: true)
        return (checked, heading, text("text", in: object, keepingNewlines: true) ?? "")
    }

    func decodeQuestion(_ page: JSONObjectReader) -> QuestionPage? {
        page.warnUnknownKeys(Self.questionKeys)
        let (id, heading, body) = questionWords(page)
        let required = page.bool("required") ?? true
        let kinds = ["choices", "input", "confirm"].filter { page.has($0) }
        guard kinds.count == 1 else {
            log.error(
                page.path, at: page.node.location,
                kinds.isEmpty
                    ? "a question needs one of \"choices\", \"input\" or \"confirm\""
                    : "a question has one of \"choices\", \"input\" or \"confirm\", not "
                        + kinds.map { "\"\($0)\"" }.joined(separator: " and "))
            return nil
        }
        for key in ["multiple", "min", "max", "default"] where kinds[0] != "choices" && page.has(key) {
            log.error(
                page.path.appending(key), at: page.member(key)?.location,
                "\"\(key)\" belongs to a question with \"choices\"; write it inside \"\(kinds[0])\"")
        }
        let kind: QuestionPage.QuestionKind?
        switch kinds[0] {
        case "choices": kind = decodeChoices(page).map(QuestionPage.QuestionKind.choices)
        case "input":
            kind = page.object("input", required: true).flatMap(decodeInput).map(QuestionPage.QuestionKind.input)
        default:
            kind = page.object("confirm", required: true).flatMap(decodeConfirm).map(QuestionPage.QuestionKind.confirm)
        }
        guard let id, let heading, let kind else { return nil }
        let question = QuestionPage(id: id, heading: heading, text: body, isRequired: required, kind: kind)
        // A default is the page's first answer: it has to be one.
        if let answer = question.defaultAnswer, let problem = question.problem(with: answer), problem != .missing {
            let key = kinds[0] == "choices" ? "default" : "\(kinds[0]).default"
            log.error(
                page.path.appending(key), at: nil, "the default is no answer to this question: \(problem.description)")
        }
        return question
    }

    func decodeChoices(_ page: JSONObjectReader) -> ChoiceQuestion? {
        guard let items = page.array("choices", required: true) else { return nil }
        let path = page.path.appending("choices")
        var choices: [ChoiceQuestion.Choice] = []
        var seen: Set<String> = []
        for item in items {
            guard let reader = JSONObjectReader(item.node, path: item.path, log: log) else { continue }
            reader.warnUnknownKeys(["id", "title", "subtitle"])
            let id = reader.string("id", required: true, nonEmpty: true)
            let title = text("title", in: reader, required: true, nonEmpty: true)
            let subtitle = text("subtitle", in: reader) ?? ""
            guard let id, let title else { continue }
            guard Self.isChoiceID(id) else {
                log.error(
                    item.path.appending("id"), at: reader.member("id")?.location,
                    "\"\(SafeText.excerpt(id))\" is not a choice id: letters, digits, _, - and ., at most 64")
                continue
            }
            guard seen.insert(id).inserted else {
                log.error(
                    item.path.appending("id"), at: reader.member("id")?.location, "choice \"\(id)\" is given twice")
                continue
            }
            choices.append(ChoiceQuestion.Choice(id: id, title: title, subtitle: subtitle))
        }
        if items.isEmpty {
            log.error(path, at: page.member("choices")?.location, "a question needs at least one choice")
            return nil
        }
        if items.count > 100 {
            log.error(path, at: page.member("choices")?.location, "\(items.count) choices is over the limit of 100")
            return nil
        }
        let multiple = page.bool("multiple") ?? false
        let count = choices.count
        let minimum = page.int("min", in: 0...max(0, count))
        let maximum = page.int("max", in: 1...max(1, count))
        if !multiple, minimum != nil || maximum != nil {
            log.error(
                page.path.appending(minimum != nil ? "min" : "max"),
                at: page.member(minimum != nil ? "min" : "max")?.location,
                "\"min\" and \"max\" count the choices of a question with \"multiple\": true")
        }
        if let minimum, let maximum, minimum > maximum {
            log.error(
                page.path.appending("min"), at: page.member("min")?.location,
                "\"min\" (\(minimum)) is over \"max\" (\(maximum))")
        }
        var defaults: [String] = []
        if let node = page.member("default") {
            switch node.value {
            case .string(let id): defaults = [id]
            case .array(let values) where multiple:
                defaults = values.compactMap(\.stringValue)
                if defaults.count != values.count {
                    log.error(
                        page.path.appending("default"), at: node.location,
                        "the default lists choice ids, which are strings")
                }
            default:
                log.error(
                    page.path.appending("default"), at: node.location,
                    multiple
                        ? "expected a choice id or a list of them, found \(node.kindName)"
                        : "expected a choice id, found \(node.kindName)")
            }
        }
        guard choices.count == items.count else { return nil }
        return ChoiceQuestion(
            choices: choices, allowsSeveral: multiple, minimum: minimum, maximum: maximum, defaultIDs: defaults)
    }

    private func decodeInput(_ input: JSONObjectReader) -> InputQuestion? {
        input.warnUnknownKeys(["placeholder", "pattern", "patternMessage", "maxLength", "default"])
        let placeholder = text("placeholder", in: input) ?? ""
        let patternMessage = text("patternMessage", in: input, nonEmpty: true)
        let maximumLength = input.int("maxLength", in: 1...InputQuestion.lengthLimit)
        let defaultText = input.string("default")
        var pattern: TextPattern?
        if let source = input.string("pattern", nonEmpty: true) {
            do {
                pattern = try TextPattern(source)
            } catch {
                log.error(
                    input.path.appending("pattern"), at: input.member("pattern")?.location,
                    "pattern \"\(SafeText.excerpt(source))\": \(error.description)")
                return nil
            }
        }
        return InputQuestion(
            placeholder: placeholder, pattern: pattern, patternMessage: patternMessage,
            maximumLength: maximumLength ?? InputQuestion.lengthLimit, defaultText: defaultText)
    }

    private func decodeConfirm(_ confirm: JSONObjectReader) -> ConfirmQuestion? {
        confirm.warnUnknownKeys(["default"])
        return ConfirmQuestion(defaultValue: confirm.bool("default"))
    }

    /// Question ids name answers: two pages with one id would overwrite each other's, and so
    /// would a paywall's survey with a page's question. Two paywall pages may share one survey
    /// (one "once", one answer).
    func checkQuestionIDs(_ pages: [Page], items: [(node: JSONNode, path: JSONPath)]) {
        var seen: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            guard let question = page.question else { continue }
            if let first = seen[question.id] {
                let item = items.indices.contains(index) ? items[index] : nil
                log.error(
                    (item?.path ?? JSONPath.root.appending("pages")).appending("id"), at: item?.node["id"]?.location,
                    "question id \"\(question.id)\" is used by page \(first + 1) already")
            } else {
                seen[question.id] = index
            }
        }
        for (index, page) in pages.enumerated() {
            guard case .paywall(let paywall) = page, let survey = paywall.survey else { continue }
            for id in [survey.question.id, survey.otherAnswerID] {
                guard let first = seen[id] else { continue }
                let item = items.indices.contains(index) ? items[index] : nil
                log.error(
                    (item?.path ?? JSONPath.root.appending("pages")).appending("survey").appending("id"),
                    at: item?.node["survey"]?["id"]?.location,
                    "the survey's answer \"\(id)\" would overwrite the answer to page \(first + 1)'s question")
            }
        }
    }
}

/// A page's `"when"`: `{"answer": ID, "is"|"in"|"includes": …}`, `{"answered": ID}`,
/// `{"entitled": ID}`, `{"variant": {"experiment": ID, "is": ID}}`, and `"all"`, `"any"`
/// (lists of conditions) and `"not"` (one), each checked against what the page can know.
extension DeckDecoder {
    static let conditionKinds = ["answer", "answered", "entitled", "variant", "all", "any", "not"]
    /// Deeper nesting is refused: no deck needs it, and a file is no reason to recurse without end.
    static let maximumConditionDepth = 16

    /// Decodes every page's `"when"` once the pages are known; one entry per page.
    func decodeConditions(
        _ pages: [Page], items: [(node: JSONNode, path: JSONPath)], experiments: [String: [String]]?
    ) -> [PageCondition?] {
        var questionPages: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            if let id = page.question?.id, questionPages[id] == nil { questionPages[id] = index }
        }
        var earlier: [String: QuestionPage] = [:]
        var conditions: [PageCondition?] = []
        for (index, page) in pages.enumerated() {
            let item = items[index]
            if let node = item.node["when"] {
                let scope = ConditionScope(
                    earlier: earlier, questionPages: questionPages, page: index, experiments: experiments)
                conditions.append(decodeCondition(node, path: item.path.appending("when"), scope: scope, depth: 0))
            } else {
                conditions.append(nil)
            }
            if let question = page.question, earlier[question.id] == nil { earlier[question.id] = question }
        }
        if validates { warnAboutUnreachablePages(pages, conditions: conditions, items: items) }
        return conditions
    }

    func decodeCondition(_ node: JSONNode, path: JSONPath, scope: ConditionScope, depth: Int) -> PageCondition? {
        guard let object = JSONObjectReader(node, path: path, log: log) else { return nil }
        guard depth < Self.maximumConditionDepth else {
            log.error(path, at: node.location, "conditions nest over \(Self.maximumConditionDepth) deep")
            return nil
        }
        let kinds = Self.conditionKinds.filter(object.has)
        guard kinds.count == 1 else {
            let found = kinds.map { "\"\($0)\"" }.joined(separator: " and ")
            log.error(
                path, at: node.location,
                (kinds.isEmpty ? "a condition needs one of " : "a condition has one of ")
                    + Self.conditionKinds.map { "\"\($0)\"" }.joined(separator: ", ")
                    + (kinds.isEmpty ? "" : ", not \(found)"))
            return nil
        }
        switch kinds[0] {
        case "answer":
            object.warnUnknownKeys(["answer", "is", "in", "includes"])
            return decodeAnswerTest(object, scope: scope)
        case "answered":
            object.warnUnknownKeys(["answered"])
            guard let id = object.string("answered", nonEmpty: true),
                question(id, in: object, key: "answered", scope: scope) != nil
            else { return nil }
            return .answered(id)
        case "entitled":
            object.warnUnknownKeys(["entitled"])
            return object.string("entitled", nonEmpty: true).map { .entitled(SafeText.sanitize($0)) }
        case "variant":
            object.warnUnknownKeys(["variant"])
            return object.object("variant").flatMap { decodeVariantTest($0, scope: scope) }
        case "not":
            object.warnUnknownKeys(["not"])
            guard let inner = object.member("not") else { return nil }
            return decodeCondition(inner, path: path.appending("not"), scope: scope, depth: depth + 1).map {
                .not($0)
            }
        default:
            let key = kinds[0]
            object.warnUnknownKeys([key])
            guard let items = object.array(key) else { return nil }
            if items.isEmpty {
                log.error(
                    path.appending(key), at: object.member(key)?.location, "\"\(key)\" needs at least one condition")
                return nil
            }
            let decoded = items.map { decodeCondition($0.node, path: $0.path, scope: scope, depth: depth + 1) }
            let conditions = decoded.compactMap { $0 }
            guard conditions.count == decoded.count else { return nil }
            return key == "all" ? .all(conditions) : .any(conditions)
        }
    }

    /// The question `id` names, when it is one asked before the page; else an error: a
    /// question on this page or a later one, or no question at all (with the closest id).
    func question(_ id: String, in object: JSONObjectReader, key: String, scope: ConditionScope) -> QuestionPage? {
        if let question = scope.earlier[id] { return question }
        let location = object.member(key)?.location
        let path = object.path.appending(key)
        if let page = scope.questionPages[id] {
            log.error(
                path, at: location,
                page == scope.page
                    ? "a page cannot depend on its own question \"\(id)\": the answer is given on it"
                    : "question \"\(id)\" is asked on page \(page + 1), after this page (\(scope.page + 1)); "
                        + "a condition can only read answers given before its page")
            return nil
        }
        var message = "unknown question \"\(SafeText.excerpt(id))\""
        let known = scope.earlier.keys.sorted()
        message +=
            known.isEmpty
            ? "; no question comes before this page" : " (asked before this page: \(known.joined(separator: ", ")))"
        if let suggestion = Suggestions.closest(to: id, in: known, limit: 1).first {
            message += "; did you mean \"\(suggestion)\"?"
        }
        log.error(path, at: location, message)
        return nil
    }

    private func decodeVariantTest(_ variant: JSONObjectReader, scope: ConditionScope) -> PageCondition? {
        variant.warnUnknownKeys(["experiment", "is"])
        let experiment = variant.string("experiment", required: true, nonEmpty: true)
        let chosen = variant.string("is", required: true, nonEmpty: true)
        guard let experiment, let chosen else { return nil }
        guard let experiments = scope.experiments else {
            log.error(
                variant.path, at: variant.node.location,
                "the deck declares no experiments; add \"experiments\" to test a variant")
            return nil
        }
        guard let variants = experiments[experiment] else {
            unknownName(
                "experiment", experiment, known: experiments.keys.sorted(), at: variant.path.appending("experiment"),
                location: variant.member("experiment")?.location)
            return nil
        }
        guard variants.contains(chosen) else {
            unknownName(
                "variant", chosen, of: "experiment \"\(experiment)\"", known: variants,
                at: variant.path.appending("is"),
                location: variant.member("is")?.location)
            return nil
        }
        return .variant(experiment: experiment, is: chosen)
    }

    /// "unknown choice "studnet" of question "role" (it has: student, pro); did you mean "student"?"
    func unknownName(
        _ kind: String, _ name: String, of owner: String? = nil, known: [String], at path: JSONPath,
        location: SourceLocation?
    ) {
        var message = "unknown \(kind) \"\(SafeText.excerpt(name))\""
        if let owner { message += " of \(owner)" }
        message += " (it has: \(known.map { SafeText.excerpt($0) }.joined(separator: ", ")))"
        if let suggestion = Suggestions.closest(to: name, in: known, limit: 1).first {
            message += "; did you mean \"\(suggestion)\"?"
        }
        log.error(path, at: location, message)
    }
}

extension DeckDecoder {
    /// `validate`'s warning for each page whose condition nothing can make true
    /// (`ConditionReach`); a question on such a page is never answered, which the pages after
    /// it take into account.
    func warnAboutUnreachablePages(
        _ pages: [Page], conditions: [PageCondition?], items: [(node: JSONNode, path: JSONPath)]
    ) {
        var questions: [String: QuestionPage] = [:]
        var neverAsked: Set<String> = []
        for (index, page) in pages.enumerated() {
            if let condition = conditions[index],
                ConditionReach.canHold(condition, questions: questions, neverAsked: neverAsked) == false
            {
                log.warning(
                    items[index].path.appending("when"), at: items[index].node["when"]?.location,
                    "no answers, entitlements or variants make this condition true: page \(index + 1) never shows")
                if let id = page.question?.id { neverAsked.insert(id) }
            }
            if let question = page.question, questions[question.id] == nil { questions[question.id] = question }
        }
    }
}

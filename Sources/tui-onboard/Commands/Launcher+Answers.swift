import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `answer ID` and `answers`: what the user answered, for the host's scripts.
extension Launcher {
    /// Whose answers are asked for: the app, and the deck when the deck is what names the app
    /// (`--deck`, or the built-in tour without `--app`), which says what its questions are.
    private struct AnswersSubject {
        var appID: String
        var deck: Deck?
        var answers: [String: Answer]
    }

    /// The app's stored answers, read without writing or repairing anything. The app is the
    /// deck's, or `--app`'s; with `--app` alone the state is what knows the app, and one it has
    /// no trace of (its tour never ran there, a typo) is a usage error (2) naming those it has.
    private func answersSubject() -> Result<AnswersSubject, ExitStatus> {
        var deck: Deck?
        if options.state.appID == nil || options.tour.deckPath != nil {
            switch loadDeck() {
            case .success(let loaded): deck = loaded
            case .failure(let status): return .failure(status)
            }
        }
        let appID = options.state.appID ?? deck?.app.id ?? ""
        let state: FirstRunState
        do {
            state = try FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
        } catch {
            printError(error.description)
            return .failure(ExitStatus(for: error))
        }
        if deck?.app.id != appID {
            deck = nil
            if !state.knownAppIDs.contains(appID) {
                // The built-in tour names its own app, whether or not it has run.
                guard options.tour.deckPath == nil, case .success(let builtIn) = loadDeck(), builtIn.app.id == appID
                else {
                    printError(Self.unknownApp(appID, known: state.knownAppIDs, stateDirectory: stateDirectory))
                    return .failure(ExitStatus(code: ExitCode.usage))
                }
                deck = builtIn
            }
        }
        return .success(AnswersSubject(appID: appID, deck: deck, answers: state.apps[appID]?.answers ?? [:]))
    }

    /// "no app "com.exmaple.tool" in the state directory DIR (it knows "com.example.tool"; did you
    /// mean "com.example.tool"?): …", for `answer` and `answers` with `--app` alone.
    static func unknownApp(_ appID: String, known: Set<String>, stateDirectory: String) -> String {
        let names = known.sorted()
        var knows =
            names.isEmpty
            ? "it knows no app yet"
            : "it knows " + names.prefix(8).map { "\"\(SafeText.excerpt($0))\"" }.joined(separator: ", ")
        if names.count > 8 { knows += " and \(names.count - 8) more" }
        if let hint = Suggestions.closest(to: appID, in: names, limit: 1).first {
            knows += "; did you mean \"\(SafeText.excerpt(hint))\"?"
        }
        return "no app \"\(SafeText.excerpt(appID))\" in the state directory \(SafeText.sanitize(stateDirectory)) "
            + "(\(knows)): --app alone names an app whose tour or paywall has run there; "
            + "pass the app's --deck FILE before then"
    }

    /// "the deck FILE has no question "gaol"; its questions are goal; did you mean "goal"?"
    static func unknownQuestion(_ id: String, in deck: Deck, deckName: String) -> String {
        let known = deck.pages.compactMap(\.question).map(\.id)
        let hint = Suggestions.closest(to: id, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" }
        return "\(deckName) has no question \"\(SafeText.excerpt(id))\"; "
            + (known.isEmpty ? "it asks nothing" : "its questions are " + known.joined(separator: ", ")) + (hint ?? "")
    }

    /// `answer ID`: the answer on stdout and exit 0; nothing and exit 1 when there is none; 2
    /// when the deck that names the app has no such question.
    func answer(_ id: String) -> Int32 {
        let subject: AnswersSubject
        switch answersSubject() {
        case .success(let found): subject = found
        case .failure(let status): return status.code
        }
        guard let answer = subject.answers[id] else {
            // An answer stored for a question a later deck dropped is still given above.
            if let deck = subject.deck, !deck.pages.contains(where: { $0.question?.id == id }) {
                let name = options.tour.deckPath.map { "the deck \(SafeText.sanitize($0))" } ?? "the built-in tour"
                printError(Self.unknownQuestion(id, in: deck, deckName: name))
                return ExitCode.usage
            }
            return ExitCode.notActive
        }
        // A state file is data from disk: what it holds is made safe before it is printed.
        return writeOutput((options.output.isJSON ? answer.jsonText : answer.shellText) + "\n")
    }

    /// `answers`: every answer, one `ID=VALUE` line each, or one JSON object.
    func answers() -> Int32 {
        let answers: [String: Answer]
        switch answersSubject() {
        case .success(let found): answers = found.answers
        case .failure(let status): return status.code
        }
        let ids = answers.keys.sorted()
        if options.output.isJSON {
            let members = ids.map { "  \(JSONString.quoted($0)): \(answers[$0]!.jsonText)" }
            return writeOutput(members.isEmpty ? "{}\n" : "{\n" + members.joined(separator: ",\n") + "\n}\n")
        }
        let lines = ids.map { id in SafeText.sanitize(id) + "=" + answers[id]!.lineText }
        return lines.isEmpty ? ExitCode.success : writeOutput(lines.joined(separator: "\n") + "\n")
    }

    /// The answers the command line gives (`--answers FILE`, then each `--answer`), checked
    /// against the deck's questions: an unknown id or an answer a question does not take is an
    /// error that names the question and what it takes (65).
    func givenAnswers(for deck: Deck) -> Result<[String: Answer], ExitStatus> {
        var raw: [(source: String, id: String, answer: Answer?)] = []
        if let path = options.tour.answersPath {
            switch answersFile(path) {
            case .success(let entries): raw += entries.map { (path, $0.id, $0.answer) }
            case .failure(let status): return .failure(status)
            }
        }
        let questions = deck.pages.compactMap(\.question)
        for given in options.tour.givenAnswers {
            let question = questions.first { $0.id == given.id }
            raw.append(("--answer \(given.id)", given.id, question?.answer(fromArgument: given.value)))
        }
        var answers: [String: Answer] = [:]
        for entry in raw {
            let where_ = SafeText.excerpt(entry.source, limit: 200)
            guard let question = questions.first(where: { $0.id == entry.id }) else {
                let known = questions.map(\.id)
                printError(
                    "\(where_): the deck has no question \"\(SafeText.excerpt(entry.id))\"; "
                        + (known.isEmpty ? "it asks nothing" : "its questions are " + known.joined(separator: ", ")))
                return .failure(ExitStatus(code: ExitCode.badData))
            }
            var answer = entry.answer
            // A file may say "yes" as a command line does.
            if case .confirm = question.kind, case .text(let text)? = answer {
                answer = question.answer(fromArgument: text)
            }
            func refuse(_ problem: String) -> Result<[String: Answer], ExitStatus> {
                printError(
                    "\(where_): question \"\(question.id)\": \(problem); it takes \(question.allowedDescription)")
                return .failure(ExitStatus(code: ExitCode.badData))
            }
            guard let answer else { return refuse("not an answer of this kind") }
            if !question.isRequired, isEmpty(answer) { continue }
            if let problem = question.problem(with: answer) { return refuse(problem.description) }
            answers[question.id] = question.normalized(answer)
        }
        return .success(answers)
    }

    /// An empty text or list: no answer, which an optional question takes.
    private func isEmpty(_ answer: Answer) -> Bool {
        switch answer {
        case .text(let text): return text.isEmpty
        case .choices(let ids): return ids.isEmpty
        case .yesNo: return false
        }
    }

    /// The members of an answers file, each read as an answer (nil for a value that is none).
    private func answersFile(_ path: String) -> Result<[(id: String, answer: Answer?)], ExitStatus> {
        let bytes: [UInt8]
        do {
            bytes = try UserFile.read(path, limit: 1024 * 1024)
        } catch {
            printError("\(SafeText.sanitize(path)): \(error.reason)")
            return .failure(ExitStatus(for: error))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let place = ":\(error.location.line):\(error.location.column)"
            printError("\(SafeText.sanitize(path))\(place): invalid JSON: \(error.message)")
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        guard let members = root.members else {
            printError(
                "\(SafeText.sanitize(path)): expected an object of answers by question id, found \(root.kindName)")
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        return .success(members.map { ($0.key, Answer(json: $0.value)) })
    }
}

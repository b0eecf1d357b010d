import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// `answer ID` and `answers`: what the user answered, for the host's scripts.
extension Launcher {
    /// The app the answers belong to: `--app`, else the deck's.
    private func answersAppID() -> Result<String, ExitStatus> {
        if let appID = options.appID { return .success(appID) }
        return loadDeck().map(\.app.id)
    }

    /// The app's stored answers, read without writing or repairing anything.
    private func storedAnswers() -> Result<[String: Answer], ExitStatus> {
        let appID: String
        switch answersAppID() {
        case .success(let found): appID = found
        case .failure(let status): return .failure(status)
        }
        do {
            let state = try FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
            return .success(state.apps[appID]?.answers ?? [:])
        } catch {
            printError(error.description)
            if case .io = error { return .failure(ExitStatus(code: ExitCode.ioError)) }
            return .failure(ExitStatus(code: ExitCode.badData))
        }
    }

    /// `answer ID`: the answer on stdout and exit 0; nothing and exit 1 when there is none.
    func answer(_ id: String) -> Int32 {
        let answers: [String: Answer]
        switch storedAnswers() {
        case .success(let found): answers = found
        case .failure(let status): return status.code
        }
        guard let answer = answers[id] else { return ExitCode.notActive }
        // A state file is data from disk: what it holds is made safe before it is printed.
        return writeOutput(
            (options.isJSON ? answer.jsonText : SafeText.sanitize(answer.shellText, keepingNewlines: true)) + "\n")
    }

    /// `answers`: every answer, one `ID=VALUE` line each, or one JSON object.
    func answers() -> Int32 {
        let answers: [String: Answer]
        switch storedAnswers() {
        case .success(let found): answers = found
        case .failure(let status): return status.code
        }
        let ids = answers.keys.sorted()
        if options.isJSON {
            let members = ids.map { "  \(JSONString.quoted($0)): \(answers[$0]!.jsonText)" }
            return writeOutput(members.isEmpty ? "{}\n" : "{\n" + members.joined(separator: ",\n") + "\n}\n")
        }
        let lines = ids.map { id in
            SafeText.sanitize(id) + "=" + SafeText.sanitize(answers[id]!.shellText.replacing("\n", with: ","))
        }
        return lines.isEmpty ? ExitCode.success : writeOutput(lines.joined(separator: "\n") + "\n")
    }

    /// The answers the command line gives (`--answers FILE`, then each `--answer`), checked
    /// against the deck's questions: an unknown id or an answer a question does not take is an
    /// error that names the question and what it takes (65).
    func givenAnswers(for deck: Deck) -> Result<[String: Answer], ExitStatus> {
        var raw: [(source: String, id: String, answer: Answer?)] = []
        if let path = options.answersPath {
            switch answersFile(path) {
            case .success(let entries): raw += entries.map { (path, $0.id, $0.answer) }
            case .failure(let status): return .failure(status)
            }
        }
        let questions = deck.pages.compactMap(\.question)
        for given in options.givenAnswers {
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
            return .failure(ExitStatus(code: ExitCode.forReadError(error)))
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

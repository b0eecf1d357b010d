import FoundationEssentials

/// The state file's JSON, read from the core parser's tree and written by hand.
///
/// A host runs `--first-run` at every launch: this is its whole path through the state, so it
/// stays off `JSONDecoder`/`JSONEncoder`, whose generic machinery costs more start-up time and
/// memory than the rest of that path together. The format is the one the encoders wrote
/// (pretty, keys sorted, dates as seconds since 1970), so files of either load in both.
extension FirstRunState {
    /// Why a parsed state file is not a state: where, and what was found there.
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        /// The path of the value, `apps.demo.completion`; empty for the top.
        public var path: String
        public var message: String

        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    /// The state in a parsed state file. Unknown members are ignored (newer versions may add
    /// some); missing or mistyped ones are a `FormatError` that names the path.
    public init(json root: JSONNode) throws(FormatError) {
        let object = try Self.members(root, "")
        var apps: [String: Record] = [:]
        guard let appsNode = Self.member("apps", of: object) else {
            throw FormatError(path: "", message: "missing \"apps\"")
        }
        for member in try Self.members(appsNode, "apps") {
            apps[member.key] = try Record(json: member.value, path: "apps.\(member.key)")
        }
        var catalogPaths: [String: String] = [:]
        if let catalogsNode = Self.member("catalogPaths", of: object), !catalogsNode.isNull {
            for member in try Self.members(catalogsNode, "catalogPaths") {
                catalogPaths[member.key] = try Self.string(member.value, "catalogPaths.\(member.key)")
            }
        }
        self.init(apps: apps, catalogPaths: catalogPaths)
        if let assignmentsNode = Self.member("assignments", of: object), !assignmentsNode.isNull {
            var assignments: [String: [String: String]] = [:]
            for app in try Self.members(assignmentsNode, "assignments") {
                var variants: [String: String] = [:]
                for member in try Self.members(app.value, "assignments.\(app.key)") {
                    variants[member.key] = try Self.string(member.value, "assignments.\(app.key).\(member.key)")
                }
                assignments[app.key] = variants
            }
            self.assignments = assignments.isEmpty ? nil : assignments
        }
        if let startsNode = Self.member("countdownStarts", of: object), !startsNode.isNull {
            var starts: [String: Date] = [:]
            for member in try Self.members(startsNode, "countdownStarts") {
                starts[member.key] = try Self.date(member.value, "countdownStarts.\(member.key)")
            }
            countdownStarts = starts.isEmpty ? nil : starts
        }
    }

    /// The state as the file keeps it: two-space indented, keys sorted, ending in a newline.
    public func jsonText() -> String {
        var text = "{\n  \"apps\" : {"
        let ids = apps.keys.sorted()
        for (index, id) in ids.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    \(Self.quoted(id)) : "
            apps[id]?.write(to: &text, indent: "    ")
        }
        text += ids.isEmpty ? "}" : "\n  }"
        // Keys in sorted order: "apps", "assignments", "catalogPaths", "countdownStarts", the
        // last three only when there are some.
        if let assignments {
            text += ",\n  \"assignments\" : {"
            for (index, id) in assignments.keys.sorted().enumerated() {
                text += (index == 0 ? "\n" : ",\n") + "    \(Self.quoted(id)) : {"
                let variants = assignments[id]!
                for (position, experiment) in variants.keys.sorted().enumerated() {
                    text +=
                        (position == 0 ? "\n" : ",\n")
                        + "      \(Self.quoted(experiment)) : \(Self.quoted(variants[experiment]!))"
                }
                text += variants.isEmpty ? "}" : "\n    }"
            }
            text += "\n  }"
        }
        if let catalogPaths {
            text += ",\n  \"catalogPaths\" : {"
            for (index, id) in catalogPaths.keys.sorted().enumerated() {
                text += (index == 0 ? "\n" : ",\n") + "    \(Self.quoted(id)) : \(Self.quoted(catalogPaths[id]!))"
            }
            text += "\n  }"
        }
        if let countdownStarts {
            text += ",\n  \"countdownStarts\" : {"
            for (index, id) in countdownStarts.keys.sorted().enumerated() {
                text += (index == 0 ? "\n" : ",\n") + "    \(Self.quoted(id)) : \(Self.seconds(countdownStarts[id]!))"
            }
            text += "\n  }"
        }
        return text + "\n}\n"
    }

    static func members(_ node: JSONNode, _ path: String) throws(FormatError) -> [JSONNode.Member] {
        guard let members = node.members else {
            throw FormatError(path: path, message: "Expected an object, found \(node.kindName)")
        }
        return members
    }

    /// The last member named `key` (as JSONDecoder takes duplicates).
    static func member(_ key: String, of members: [JSONNode.Member]) -> JSONNode? {
        members.last { $0.key == key }?.value
    }

    static func required(_ key: String, of members: [JSONNode.Member], _ path: String) throws(FormatError) -> JSONNode {
        guard let node = member(key, of: members), !node.isNull else {
            throw FormatError(path: path, message: "missing \"\(key)\"")
        }
        return node
    }

    static func string(_ node: JSONNode, _ path: String) throws(FormatError) -> String {
        guard let text = node.stringValue else {
            throw FormatError(path: path, message: "Expected a string, found \(node.kindName)")
        }
        return text
    }

    static func number(_ node: JSONNode, _ path: String) throws(FormatError) -> Double {
        guard case .number(let text) = node.value, let number = Double(text), number.isFinite else {
            throw FormatError(path: path, message: "Expected a number, found \(node.kindName)")
        }
        return number
    }

    static func date(_ node: JSONNode, _ path: String) throws(FormatError) -> Date {
        Date(timeIntervalSince1970: try number(node, path))
    }

    /// A JSON string literal, as JSONEncoder writes it (see `JSONString`).
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// Seconds since 1970 as JSONEncoder writes them: whole seconds without a fraction.
    static func seconds(_ date: Date) -> String {
        let value = date.timeIntervalSince1970
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension FirstRunState.Record {
    init(json node: JSONNode, path: String) throws(FirstRunState.FormatError) {
        typealias State = FirstRunState
        let object = try State.members(node, path)
        let version = try State.string(
            try State.required("lastSeenVersion", of: object, path), "\(path).lastSeenVersion")
        let completionText = try State.string(try State.required("completion", of: object, path), "\(path).completion")
        guard let completion = FirstRunState.Completion(rawValue: completionText) else {
            throw State.FormatError(
                path: "\(path).completion",
                message: "expected \"finished\" or \"skipped\", found \(State.quoted(completionText))")
        }
        let date = try State.date(try State.required("date", of: object, path), "\(path).date")
        var review: ReviewRecord?
        if let reviewNode = State.member("review", of: object), !reviewNode.isNull {
            review = try ReviewRecord(json: reviewNode, path: "\(path).review")
        }
        var catalogPath: String?
        if let catalogNode = State.member("catalogPath", of: object), !catalogNode.isNull {
            catalogPath = try State.string(catalogNode, "\(path).catalogPath")
        }
        var quit: Bool?
        if let quitNode = State.member("quit", of: object), !quitNode.isNull {
            guard case .bool(let value) = quitNode.value else {
                throw State.FormatError(path: "\(path).quit", message: "Expected a boolean, found \(quitNode.kindName)")
            }
            quit = value
        }
        self.init(
            lastSeenVersion: version, completion: completion, date: date, review: review, catalogPath: catalogPath,
            quit: quit)
        if let answersNode = State.member("answers", of: object), !answersNode.isNull {
            var answers: [String: Answer] = [:]
            for member in try State.members(answersNode, "\(path).answers") {
                guard let answer = Answer(json: member.value) else {
                    throw State.FormatError(
                        path: "\(path).answers.\(member.key)",
                        message: "expected a string, a list of strings or a boolean, found \(member.value.kindName)")
                }
                answers[member.key] = answer
            }
            self.answers = answers
        }
        exitOffersShown = try Self.strings("exitOffersShown", of: object, path)
        surveysShown = try Self.strings("surveysShown", of: object, path)
    }

    /// A list of strings, or nil when the member is absent or null.
    static func strings(_ key: String, of object: [JSONNode.Member], _ path: String) throws(FirstRunState.FormatError)
        -> [String]?
    {
        guard let node = FirstRunState.member(key, of: object), !node.isNull else { return nil }
        guard let items = node.arrayValue else {
            throw FirstRunState.FormatError(
                path: "\(path).\(key)", message: "Expected an array, found \(node.kindName)")
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            strings.append(try FirstRunState.string(item, "\(path).\(key)[\(index)]"))
        }
        return strings
    }

    func write(to text: inout String, indent: String) {
        text += "{\n"
        // Keys in sorted order, as JSONEncoder's .sortedKeys wrote them.
        if let catalogPath { text += "\(indent)  \"catalogPath\" : \(FirstRunState.quoted(catalogPath)),\n" }
        if let answers {
            text += "\(indent)  \"answers\" : {"
            for (index, key) in answers.keys.sorted().enumerated() {
                text += index == 0 ? "\n" : ",\n"
                text += "\(indent)    \(FirstRunState.quoted(key)) : \(answers[key]!.jsonText)"
            }
            text += answers.isEmpty ? "},\n" : "\n\(indent)  },\n"
        }
        text += "\(indent)  \"completion\" : \(FirstRunState.quoted(completion.rawValue)),\n"
        text += "\(indent)  \"date\" : \(FirstRunState.seconds(date)),\n"
        if let exitOffersShown {
            text += "\(indent)  \"exitOffersShown\" : \(Self.list(exitOffersShown, indent: indent + "  ")),\n"
        }
        text += "\(indent)  \"lastSeenVersion\" : \(FirstRunState.quoted(lastSeenVersion))"
        if let quit { text += ",\n\(indent)  \"quit\" : \(quit)" }
        if let review {
            text += ",\n\(indent)  \"review\" : "
            review.write(to: &text, indent: indent + "  ")
        }
        if let surveysShown {
            text += ",\n\(indent)  \"surveysShown\" : \(Self.list(surveysShown, indent: indent + "  "))"
        }
        text += "\n\(indent)}"
    }

    /// Strings as a JSON list, one per line, as JSONEncoder's `.prettyPrinted` wrote them.
    static func list(_ strings: [String], indent: String) -> String {
        guard !strings.isEmpty else { return "[\n\n\(indent)]" }
        return "[\n" + strings.map { "\(indent)  \(FirstRunState.quoted($0))" }.joined(separator: ",\n")
            + "\n\(indent)]"
    }
}

extension ReviewRecord {
    init(json node: JSONNode, path: String) throws(FirstRunState.FormatError) {
        typealias State = FirstRunState
        let object = try State.members(node, path)
        let version = try State.string(try State.required("version", of: object, path), "\(path).version")
        let date = try State.date(try State.required("date", of: object, path), "\(path).date")
        var answer: ReviewAnswer?
        if let kindNode = State.member("answer", of: object), !kindNode.isNull {
            switch try State.string(kindNode, "\(path).answer") {
            case "later": answer = .later
            case "never": answer = .never
            case "rated":
                let starsNode = State.member("stars", of: object)
                let stars = try starsNode.flatMap { node throws(State.FormatError) in
                    node.isNull ? nil : try State.number(node, "\(path).stars")
                }
                guard let stars, let whole = Int(exactly: stars), (1...5).contains(whole) else {
                    throw State.FormatError(path: "\(path).stars", message: "a rating needs stars from 1 to 5")
                }
                answer = .rated(stars: whole)
            default:
                throw State.FormatError(
                    path: "\(path).answer", message: "expected \"rated\", \"later\" or \"never\"")
            }
        }
        self.init(version: version, answer: answer, date: date)
    }

    func write(to text: inout String, indent: String) {
        text += "{\n"
        if let answer { text += "\(indent)  \"answer\" : \(FirstRunState.quoted(answer.name)),\n" }
        text += "\(indent)  \"date\" : \(FirstRunState.seconds(date)),\n"
        if let stars = answer?.stars { text += "\(indent)  \"stars\" : \(stars),\n" }
        text += "\(indent)  \"version\" : \(FirstRunState.quoted(version))"
        text += "\n\(indent)}"
    }
}

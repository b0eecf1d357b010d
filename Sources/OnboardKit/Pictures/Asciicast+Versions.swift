import OnboardBase

/// The two versions' layouts, and the values both share (a size, a time).
extension Asciicast {
    /// A header line, then an event a line: `[time, code, data]`, times since the start and
    /// never going back.
    static func version2(header: JSONNode, lines: ArraySlice<Line>) throws(AsciicastError) -> Asciicast {
        var cast = try Asciicast(version: 2, header: header)
        var previous = (seconds: 0.0, text: "0")
        for line in lines {
            let node = try parse(line)
            guard let items = node.arrayValue else {
                throw AsciicastError("expected an event [time, code, data], found \(node.kindName)", at: node.location)
            }
            guard items.count == 3 else {
                throw AsciicastError(
                    "expected an event [time, code, data], found an array of \(items.count)", at: node.location)
            }
            let time = try seconds(items[0], what: "the event's time")
            let text = number(items[0]) ?? ""
            guard time >= previous.seconds else {
                throw AsciicastError(
                    "the time \(JSONNode.excerpt(ofNumber: text)) is before the previous event's (\(previous.text)); events must be in time order",
                    at: items[0].location)
            }
            previous = (time, JSONNode.excerpt(ofNumber: text))
            guard let code = items[1].stringValue else {
                throw AsciicastError(
                    "expected the event's code (\"o\", \"r\", \"i\" or \"m\"), found \(items[1].kindName)",
                    at: items[1].location)
            }
            guard let data = items[2].stringValue else {
                throw AsciicastError(
                    "expected the event's data as a string, found \(items[2].kindName)", at: items[2].location)
            }
            switch code {
            case "o": cast.events.append(.output(time: time, text: data))
            case "r":
                let size = try terminalSize(data, at: items[2].location)
                cast.events.append(.resize(time: time, width: size.width, height: size.height))
            // Keys typed and markers change nothing on the screen.
            case "i", "m": continue
            default:
                throw AsciicastError(
                    "unknown event code \"\(SafeText.excerpt(code))\" (asciicast 2 has \"o\", \"r\", \"i\" and \"m\")",
                    at: items[1].location)
            }
        }
        return cast
    }

    /// One object: the header's members and `stdout`, a list of `[delay, text]`, each delay
    /// the seconds since the previous write.
    static func version1(_ document: JSONNode) throws(AsciicastError) -> Asciicast {
        var cast = try Asciicast(version: 1, header: document)
        guard let stdout = document["stdout"] else {
            throw AsciicastError("the recording has no \"stdout\", the list of what was written", at: document.location)
        }
        guard let writes = stdout.arrayValue else {
            throw AsciicastError(
                "expected \"stdout\" as a list of [delay, text], found \(stdout.kindName)", at: stdout.location)
        }
        var time = 0.0
        for write in writes {
            guard let items = write.arrayValue, items.count == 2 else {
                throw AsciicastError("expected a write [delay, text], found \(write.kindName)", at: write.location)
            }
            time += try seconds(items[0], what: "the delay")
            guard let text = items[1].stringValue else {
                throw AsciicastError("expected the text written, found \(items[1].kindName)", at: items[1].location)
            }
            cast.events.append(.output(time: time, text: text))
        }
        return cast
    }

    /// The members both versions' headers have: the size, and the optional title and idle limit.
    private init(version: Int, header: JSONNode) throws(AsciicastError) {
        let width = try Self.dimension(header, "width", maximum: Self.maximumWidth, unit: "columns")
        let height = try Self.dimension(header, "height", maximum: Self.maximumHeight, unit: "rows")
        var idleTimeLimit: Double?
        if let limit = header["idle_time_limit"], !limit.isNull {
            idleTimeLimit = try Self.seconds(limit, what: "\"idle_time_limit\"")
        }
        self.init(
            version: version, width: width, height: height, title: header["title"]?.stringValue,
            idleTimeLimit: idleTimeLimit, events: [])
    }

    /// The header's `width` or `height`: a whole number from 1 to `maximum`.
    private static func dimension(_ header: JSONNode, _ name: String, maximum: Int, unit: String)
        throws(AsciicastError) -> Int
    {
        guard let node = header[name] else {
            throw AsciicastError("the header has no \"\(name)\", the terminal's \(unit)", at: header.location)
        }
        guard let text = number(node), let value = Int(text) else {
            throw AsciicastError(
                "expected \"\(name)\" as a whole number of \(unit), found \(number(node) ?? node.kindName)",
                at: node.location)
        }
        guard (1...maximum).contains(value) else {
            throw AsciicastError(
                "\"\(name)\" is \(JSONNode.excerpt(ofNumber: text)); a replay has from 1 to \(maximum) \(unit)",
                at: node.location)
        }
        return value
    }

    /// A number of seconds: finite and not negative.
    private static func seconds(_ node: JSONNode, what: String) throws(AsciicastError) -> Double {
        guard let text = number(node) else {
            throw AsciicastError("expected \(what) in seconds, found \(node.kindName)", at: node.location)
        }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw AsciicastError(
                "\(what) \(JSONNode.excerpt(ofNumber: text)) is not a number of seconds from 0", at: node.location)
        }
        return value
    }

    /// A resize's `COLUMNSxROWS`, each from 1 to the largest replayed.
    private static func terminalSize(_ text: String, at location: SourceLocation) throws(AsciicastError)
        -> (width: Int, height: Int)
    {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let width = Int(parts[0]), let height = Int(parts[1]), (1...maximumWidth).contains(width),
            (1...maximumHeight).contains(height)
        {
            return (width, height)
        }
        throw AsciicastError(
            "a resize needs COLUMNSxROWS from 1x1 to \(maximumWidth)x\(maximumHeight), not \"\(SafeText.excerpt(text))\"",
            at: location)
    }
}

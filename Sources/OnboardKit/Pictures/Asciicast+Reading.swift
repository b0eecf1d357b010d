import OnboardBase

extension Asciicast {
    /// Reads an asciicast file: version 2 (a header line, then one event a line) or version 1
    /// (one JSON object, its output under `stdout` as delays since the previous write). Every
    /// complaint says the line and, where one value is wrong, its column. Blank lines are skipped.
    public init(reading bytes: [UInt8]) throws(AsciicastError) {
        let lines = Self.lines(of: bytes).filter { !$0.bytes.allSatisfy(Self.isWhitespace) }
        guard let first = lines.first else {
            throw AsciicastError(
                "the file is empty; an asciicast starts with a header such as {\"version\": 2, \"width\": 80, \"height\": 24}",
                at: nil)
        }
        let header: JSONNode
        do {
            header = try Self.parse(first)
        } catch {
            // Version 1 is one JSON document, often spread over many lines.
            let whole: JSONNode
            do {
                whole = try JSONParser.parse(bytes)
            } catch let documentError {
                // A first line cut short is the start of such a document: its end says more.
                let characters = first.bytes.filter { $0 & 0xC0 != 0x80 }.count
                let isCutShort = error.location.map { $0.column > characters } ?? false
                guard isCutShort else { throw error }
                throw AsciicastError("not JSON: \(documentError.message)", at: documentError.location)
            }
            guard Self.number(whole["version"]) == "1" else { throw error }
            self = try Self.version1(whole)
            return
        }
        guard header.members != nil else {
            throw AsciicastError(
                "expected the header object {\"version\": 2, \"width\": ..., \"height\": ...}, found \(header.kindName)",
                at: header.location)
        }
        guard let version = header["version"] else {
            throw AsciicastError("the header has no \"version\" (asciicast files have 1 or 2)", at: header.location)
        }
        switch Self.number(version) {
        case "1":
            let whole: JSONNode
            do {
                whole = try JSONParser.parse(bytes)
            } catch {
                throw AsciicastError("not JSON: \(error.message)", at: error.location)
            }
            self = try Self.version1(whole)
        case "2":
            self = try Self.version2(header: header, lines: lines.dropFirst())
        default:
            let shown = Self.number(version).map(JSONNode.excerpt(ofNumber:)) ?? version.kindName
            throw AsciicastError(
                "asciicast version \(shown) is not one tui-onboard reads (it reads versions 1 and 2)",
                at: version.location)
        }
    }

    /// One line of the file: its number (from 1) and its bytes without the line break.
    struct Line {
        var number: Int
        var bytes: ArraySlice<UInt8>
    }

    static func lines(of bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = bytes.startIndex
        var number = 1
        while start <= bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(Line(number: number, bytes: line))
            number += 1
            start = end + 1
        }
        return lines
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// A line as JSON, with every location moved to the line it stands on.
    static func parse(_ line: Line) throws(AsciicastError) -> JSONNode {
        do {
            return moved(try JSONParser.parse(Array(line.bytes)), toLine: line.number)
        } catch {
            throw AsciicastError(
                "not JSON: \(error.message)", at: SourceLocation(line: line.number, column: error.location.column))
        }
    }

    private static func moved(_ node: JSONNode, toLine line: Int) -> JSONNode {
        var node = node
        node.location.line = line
        switch node.value {
        case .array(let items): node.value = .array(items.map { moved($0, toLine: line) })
        case .object(let members):
            node.value = .object(
                members.map { member in
                    var member = member
                    member.keyLocation.line = line
                    member.value = moved(member.value, toLine: line)
                    return member
                })
        default: break
        }
        return node
    }

    /// A number's text; nil for anything else.
    static func number(_ node: JSONNode?) -> String? {
        guard case .number(let text) = node?.value else { return nil }
        return text
    }
}

import Testing

@testable import OnboardBase
@testable import OnboardKit

@Suite struct JSONParserTests {
    @Test func positionsOnOneLongLineAreExactColumns() throws {
        // A minified document is one line: every value still gets its own column.
        let items = (0..<5000).map { "\"é\($0)\"" }.joined(separator: ",")
        let root = try JSONParser.parse("[\(items)]")
        let values = try #require(root.arrayValue)
        #expect(values[0].location == SourceLocation(line: 1, column: 2))
        // Columns count characters: "é" is one column though two bytes.
        let expected = 2 + (0..<4999).reduce(0) { $0 + "\"é\($1)\",".count }
        #expect(values[4999].location == SourceLocation(line: 1, column: expected))
    }

    @Test func syntaxErrorsAfterALongLineKeepTheirColumn() {
        #expect(
            throws: JSONSyntaxError(message: "trailing comma before ']'", location: SourceLocation(line: 2, column: 7))
        ) {
            _ = try JSONParser.parse("[\"\(String(repeating: "x", count: 10_000))\",\n 1, 2,]")
        }
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "trailing comma before '}'"),
        ("[01]", "numbers may not have leading zeros"),
        ("\"\u{1}\"", "control character 0x01 inside a string must be escaped"),
        ("{\"a\" 1}", "unexpected '1', expected ':' after member name \"a\""),
        ("[1] x", "unexpected 'x' after the end of the document"),
    ])
    func malformedDocumentsSayWhatIsWrong(text: String, message: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(deep) }
    }
}

@Suite struct JSONSurrogateTests {
    @Test(arguments: [
        (#""\uD800\u0041""#, "\u{FFFD}A"),
        (#""\uD800""#, "\u{FFFD}"),
        (#""a\uDBFF""#, "a\u{FFFD}"),
        (#""\uD800x""#, "\u{FFFD}x"),
        (#""\uD800\n""#, "\u{FFFD}\n"),
        (#""\uD800\\""#, "\u{FFFD}\\"),
        (#""\uDC00""#, "\u{FFFD}"),
        (#""\uDFFFz""#, "\u{FFFD}z"),
        (#""\uDC00\uD800""#, "\u{FFFD}\u{FFFD}"),
        (#""\uD800\uD800\uDC00""#, "\u{FFFD}\u{10000}"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\udbff\udfff""#, "\u{10FFFF}"),
        (#""\uD800\u00e9""#, "\u{FFFD}é"),
    ])
    func loneSurrogatesBecomeOneReplacementEachAndLoseNothing(json: String, expected: String) throws {
        let value = try #require(try JSONParser.parse(json).stringValue)
        #expect(Array(value.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func aLoneHighSurrogateBeforeABadEscapeStillReportsIt() {
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(#""\uD800\u12""#) }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONParser.parse(#""\uD800\x""#) }
    }

    @Test func generatedSurrogateSequencesKeepEveryOtherCharacter() throws {
        var generator = SeededGenerator(seed: 8)
        let pieces: [(json: String, scalars: [Unicode.Scalar])] = [
            (#"\uD800"#, ["\u{FFFD}"]), (#"\uDC00"#, ["\u{FFFD}"]), (#"\uD83D\uDE00"#, ["\u{1F600}"]),
            (#"\u0041"#, ["A"]), ("b", ["b"]), (#"\n"#, ["\n"]), ("é", ["é"]),
        ]
        for _ in 0..<2000 {
            let chosen = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            let json = "\"" + chosen.map(\.json).joined() + "\""
            // A high half right before a low half is a pair, as in any JSON; every other piece
            // stands for itself.
            var expected: [Unicode.Scalar] = []
            var index = 0
            while index < chosen.count {
                if chosen[index].json == #"\uD800"#, index + 1 < chosen.count, chosen[index + 1].json == #"\uDC00"# {
                    expected.append("\u{10000}")
                    index += 2
                } else {
                    expected += chosen[index].scalars
                    index += 1
                }
            }
            let value = try #require(try JSONParser.parse(json).stringValue)
            #expect(Array(value.unicodeScalars) == expected, "\(json)")
        }
    }
}

import Testing

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
        #expect(throws: JSONSyntaxError(message: "trailing comma before ']'", location: SourceLocation(line: 2, column: 7))) {
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

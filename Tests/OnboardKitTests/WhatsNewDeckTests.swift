import Testing

@testable import OnboardKit

/// `"since"` on pages and the deck's `"review"`: decoding, and what `validate` says.
@Suite struct WhatsNewDeckTests {
    static func load(_ json: String, validating: Bool = false) -> DeckLoadResult {
        DeckLoader.load(path: "deck.json", reader: .memory(["deck.json": json]), checksLayout: validating)
    }

    static func deck(version: String = "1.2.0", since: [String], extra: String = "") -> String {
        let pages = since.enumerated().map { index, since in
            let member = since.isEmpty ? "" : #", "since": \#(since)"#
            return #"{"kind": "step", "heading": "Page \#(index + 1)"\#(member)}"#
        }
        return """
            {"app": {"id": "a.b", "name": "App", "version": "\(version)"}\(extra),
             "pages": [
              \(pages.joined(separator: ",\n  "))
             ]}
            """
    }

    @Test func sinceIsKeptPerPage() throws {
        let result = Self.load(Self.deck(since: ["", #""1.1.0""#, "", #""1.2.0-beta.1""#]))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let deck = try #require(result.deck)
        #expect(deck.allPageSince == [nil, "1.1.0", nil, "1.2.0-beta.1"])
        let whatsNew = deck.keepingPages([1, 3])
        #expect(whatsNew.pages.map(\.title) == ["Page 2", "Page 4"])
        #expect(whatsNew.allPageSince == ["1.1.0", "1.2.0-beta.1"])
    }

    @Test(arguments: [#""soon""#, #""1.2.x""#, #""""#, "12", #""1.0.0-""#])
    func aBadSinceIsAnErrorAtItsPosition(value: String) throws {
        let text = Self.deck(since: ["", value])
        let result = Self.load(text, validating: true)
        #expect(result.deck == nil)
        let error = try #require(result.errors.first)
        #expect(error.path == "pages[1].since", "\(error)")
        // Line 4 holds the second page; the position is its since value.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[3]
        let column = try #require(line.range(of: ": \(value)")).lowerBound.utf16Offset(in: line) + 3
        #expect(error.location == SourceLocation(line: 4, column: column), "\(error)")
    }

    @Test func aSinceNewerThanTheAppIsAWarningInValidateOnly() throws {
        let text = Self.deck(version: "1.2.0", since: [#""1.2.0""#, #""1.3.0""#])
        let validated = Self.load(text, validating: true)
        #expect(validated.errors.isEmpty)
        let warning = try #require(validated.warnings.first)
        #expect(validated.warnings.count == 1)
        #expect(warning.path == "pages[1].since")
        #expect(warning.message.contains("1.3.0") && warning.message.contains("1.2.0"), "\(warning.message)")
        // A run says nothing: a host may ship the deck before the version.
        #expect(Self.load(text).diagnostics.isEmpty)
    }

    @Test func theReviewPromptIsDecoded() throws {
        let text = Self.deck(
            since: [""], extra: #", "review": {"prompt": "Enjoying App?", "url": "https://example.com/r"}"#)
        let deck = try #require(Self.load(text).deck)
        #expect(deck.review == ReviewPrompt(prompt: "Enjoying App?", url: "https://example.com/r"))
        let noURL = try #require(Self.load(Self.deck(since: [""], extra: #", "review": {"prompt": "Like it?"}"#)).deck)
        #expect(noURL.review == ReviewPrompt(prompt: "Like it?", url: nil))
    }

    @Test(arguments: [
        (#"{"url": "https://x"}"#, "review.prompt"),
        (#"{"prompt": "Hi", "url": "javascript:alert(1)"}"#, "review.url"),
        (#""Hi""#, "review"),
    ])
    func aBadReviewIsAnError(review: String, path: String) throws {
        let result = Self.load(Self.deck(since: [""], extra: #", "review": \#(review)"#))
        #expect(result.deck == nil)
        #expect(result.errors.contains { $0.path == path }, "\(result.diagnostics)")
    }
}

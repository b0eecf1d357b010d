import Foundation
import Testing

@testable import OnboardKit

/// Every JSON document tui-onboard writes carries text from files (decks, catalogs, a state or
/// ledger edited by hand): whatever its writer, the controls, DEL and the line and paragraph
/// separators in a string are escaped as `\uXXXX`, never raw, and read back as they were.
@Suite struct JSONOutputSafetyTests {
    /// One scalar of each kind that must never be raw in JSON, between ordinary text.
    static let hostile =
        "a\u{00}\u{07}\u{1B}[2J\n\t\u{1F}\u{7F}\u{80}\u{85}\u{9B}31m\u{9F}\u{2028}\u{2029}é😀b"

    static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The writers, each given the hostile text where a file's text would go, and how to find it
    /// again in what they wrote.
    static let writers: [(name: String, write: @Sendable () -> String, read: @Sendable (Any) -> Any?)] = [
        ("JSONString.quoted", { JSONString.quoted(hostile) }, { $0 }),
        ("Answer.jsonText", { Answer.choices([hostile]).jsonText }, { ($0 as? [Any])?.first }),
        (
            "JSONValue (events)", { JSONValue.object([(hostile, .string(hostile))]).text },
            { ($0 as? [String: Any])?[hostile] }
        ),
        (
            "FirstRunState (state file)",
            {
                var state = FirstRunState()
                state.rememberCatalog(hostile, forApp: "demo")
                return state.jsonText()
            },
            { (($0 as? [String: Any])?["catalogPaths"] as? [String: Any])?["demo"] }
        ),
        (
            "StatusReport (status --json)",
            {
                StatusReport(
                    appID: hostile, stateDirectory: "/state", now: Date(timeIntervalSince1970: 0), onboarding: nil,
                    catalogPath: nil, entitlements: []
                ).json()
            }, { ($0 as? [String: Any])?["app"] }
        ),
        (
            "RunResult (--result-json)",
            {
                let result = RunResult(
                    outcome: .completed, mode: .tour, plain: true,
                    app: RunResult.App(id: hostile, name: "n", version: "1", previousVersion: nil),
                    state: RunResult.State(saved: true, path: "/s"), exitCode: 0)
                return String(decoding: result.jsonData(), as: UTF8.self)
            }, { (($0 as? [String: Any])?["app"] as? [String: Any])?["id"] }
        ),
    ]

    @Test(arguments: writers.indices)
    func noWriterLeavesAControlRaw(index: Int) throws {
        let writer = Self.writers[index]
        let text = writer.write()
        // Outside strings only the document's own line breaks and indentation.
        let raw = text.unicodeScalars.filter { Self.isRaw($0) && $0 != "\n" }
        #expect(raw.isEmpty, "\(writer.name) wrote raw \(raw.map { String($0.value, radix: 16) })")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        #expect(writer.read(parsed) as? String == Self.hostile, "\(writer.name)")
    }

    /// Every scalar up to the separators, and a few beyond: escaped exactly when it must be.
    @Test func eachScalarIsEscapedExactlyWhenItMustBe() throws {
        for scalar in (Array(0...0x2030) + [0xFEFF, 0xFFFD, 0x1F600]).compactMap(Unicode.Scalar.init) {
            let quoted = JSONString.quoted(String(scalar))
            let mustEscape = Self.isRaw(scalar) || scalar == "\"" || scalar == "\\"
            #expect((quoted != "\"\(scalar)\"") == mustEscape, "U+\(String(scalar.value, radix: 16))")
            #expect(try JSONParser.parse(quoted).stringValue == String(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func aWholeDocumentKeepsItsLineBreaksAndEscapesOnlyInsideStrings() {
        let document = "{\n  \"a\" : \"x\u{85}y\u{2028}\",\n  \"b\" : \"\\n\"\n}"
        #expect(
            JSONString.escapingControls(inDocument: document)
                == "{\n  \"a\" : \"x\\u0085y\\u2028\",\n  \"b\" : \"\\n\"\n}")
        #expect(JSONString.escapingControls(inDocument: "{\"é\": 1}") == "{\"é\": 1}")
    }
}

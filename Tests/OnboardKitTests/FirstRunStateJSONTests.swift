import Foundation
import Testing

@testable import OnboardKit

/// The state file's own reader and writer agree with the JSONDecoder/JSONEncoder format that
/// earlier versions wrote and read.
@Suite struct FirstRunStateJSONTests {
    static let declined: FirstRunState.Record = {
        var record = FirstRunState.Record(
            lastSeenVersion: "3.0.0", completion: .finished, date: Date(timeIntervalSince1970: 9),
            review: ReviewRecord(version: "3.0.0", answer: .never, date: Date(timeIntervalSince1970: 9)))
        record.declinesShown = DeclineMemory(exitOffers: ["exit-offer", "b"], surveys: ["why-not"])
        record.answers = ["why-not": .text("other"), "why-not-other": .text("too \"slow\"")]
        return record
    }()

    static let state = FirstRunState(apps: [
        "declined": declined,
        "com.example.tool": FirstRunState.Record(
            lastSeenVersion: "1.4.0", completion: .skipped, date: Date(timeIntervalSince1970: 1_764_547_200),
            catalogPath: "/usr/share/tool/catalog \"1\".json"),
        "demo/\"quoted\"\n": FirstRunState.Record(
            lastSeenVersion: "2.0.0-beta.1", completion: .finished, date: Date(timeIntervalSince1970: 1_764_547_200.25),
            review: ReviewRecord(version: "2.0.0", answer: .rated(stars: 4), date: Date(timeIntervalSince1970: 100))),
        "quit": FirstRunState.Record(
            lastSeenVersion: "1.1.0", completion: .skipped, date: Date(timeIntervalSince1970: 7), quit: true),
        "later": FirstRunState.Record(
            lastSeenVersion: "1.0", completion: .finished, date: Date(timeIntervalSince1970: 0),
            review: ReviewRecord(version: "1.0", answer: nil, date: Date(timeIntervalSince1970: 5))),
    ])

    private func encoded(_ state: FirstRunState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(state), as: UTF8.self) + "\n"
    }

    @Test func writesWhatJSONEncoderWrote() throws {
        #expect(Self.state.jsonText() == (try encoded(Self.state)))
        #expect(FirstRunState().jsonText().filter { !$0.isWhitespace } == "{\"apps\":{}}")
    }

    @Test(arguments: [FirstRunState(), state])
    func readsBackWhatItWrote(state: FirstRunState) throws {
        #expect(try FirstRunState(json: try JSONParser.parse(state.jsonText())) == state)
        #expect(try FirstRunState(json: try JSONParser.parse(try encoded(state))) == state)
    }

    /// The state's `Record` as versions before the `quit` mark decoded it: synthesized
    /// `Decodable`, which skips members it has no property for.
    private struct RecordBeforeQuit: Decodable {
        var lastSeenVersion: String
        var completion: FirstRunState.Completion
        var date: Date
        var catalogPath: String?
    }

    private struct StateBeforeQuit: Decodable { var apps: [String: RecordBeforeQuit] }

    @Test func versionsBeforeTheQuitMarkReadAQuitAsASkip() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let text = Self.state.jsonText()
        #expect(text.contains("\"quit\" : true"))
        let old = try decoder.decode(StateBeforeQuit.self, from: Data(text.utf8))
        #expect(old.apps["quit"]?.completion == .skipped)
        #expect(old.apps["quit"]?.lastSeenVersion == "1.1.0")
    }

    @Test func thisReaderSkipsMembersOfLaterVersionsAndReadsFilesWithoutTheMark() throws {
        let later =
            #"{"apps": {"d": {"lastSeenVersion": "1", "completion": "skipped", "date": 0, "#
            + #""mood": {"new": [1]}, "quit": true}}, "sync": "on"}"#
        let withMark = try FirstRunState(json: try JSONParser.parse(later))
        #expect(withMark.apps["d"]?.wasQuit == true)
        let earlier = #"{"apps": {"d": {"lastSeenVersion": "1", "completion": "skipped", "date": 0}}}"#
        let withoutMark = try FirstRunState(json: try JSONParser.parse(earlier))
        #expect(withoutMark.apps["d"]?.wasQuit == false)
        #expect(withoutMark.apps["d"]?.quit == nil)
        // Written again, a file without the mark gains none.
        #expect(!withoutMark.jsonText().contains("quit"))
    }

    @Test(arguments: [
        ("[]", "Expected an object, found an array"),
        ("{}", "missing \"apps\""),
        (#"{"apps": {"d": {"lastSeenVersion": "1", "completion": "done", "date": 0}}}"#, "apps.d.completion"),
        (#"{"apps": {"d": {"lastSeenVersion": 1, "completion": "skipped", "date": 0}}}"#, "apps.d.lastSeenVersion"),
        ("{\"apps\": {\"d\": {\"lastSeenVersion\": \"1\", \"completion\": \"skipped\"}}}", "apps.d: missing \"date\""),
        (
            "{\"apps\": {\"d\": {\"lastSeenVersion\": \"1\", \"completion\": \"skipped\", \"date\": 0,"
                + " \"review\": {\"version\": \"1\", \"date\": 0, \"answer\": \"rated\", \"stars\": 9}}}}",
            "apps.d.review.stars"
        ),
        (#"{"apps": {"d": {"lastSeenVersion": "1", "completion": "skipped", "date": 0, "quit": 1}}}"#, "apps.d.quit"),
        (
            #"{"apps": {"d": {"lastSeenVersion": "1", "completion": "skipped", "date": 0, "surveysShown": "a"}}}"#,
            "apps.d.surveysShown: Expected an array"
        ),
        (
            #"{"apps": {"d": {"lastSeenVersion": "1", "completion": "skipped", "date": 0, "exitOffersShown": [1]}}}"#,
            "apps.d.exitOffersShown[0]"
        ),
    ])
    func namesWhereAFileIsWrong(text: String, expected: String) throws {
        let error = try #require(throws: FirstRunState.FormatError.self) {
            try FirstRunState(json: try JSONParser.parse(text))
        }
        #expect(error.description.contains(expected), "\(error)")
    }
}

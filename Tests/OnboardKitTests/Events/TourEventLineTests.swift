import Foundation
import Testing

@testable import OnboardKit

/// Each event as the line the host reads: the common members, its own, JSON escaping, the
/// time's spelling, and agreement with Assets/schemas/events.schema.json and docs/events.md.
@Suite struct TourEventLineTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let time = Date(timeIntervalSince1970: 1_796_090_000.25)
    static let context = TourEventContext(
        run: "00000000000000ab", mode: .whatsNew, pageIndexes: [2, 5], assignments: ["title": "b", "cta": "a"])

    /// One of each kind, with text that needs escaping where text goes.
    static let everyKind: [TourEvent] = [
        .tourStarted(pageCount: 2),
        .pageViewed(index: 1, id: nil, kind: "step"),
        .questionAnswered(index: 0, id: "name", answer: .text("Ada \"the\"\n\u{1B}]0;x\u{07}")),
        .questionAnswered(index: 1, id: "tools", answer: .choices(["git", "k8s"])),
        .questionAnswered(index: 1, id: "telemetry", answer: .yesNo(false)),
        .paywallShown(index: 1, offering: "default", package: nil),
        .exitOfferShown(index: 1, id: "exit-offer", offering: "exit_offer", package: "$rc_annual"),
        .surveyShown(index: 1, id: "why-not"),
        .packageSelected(offering: "default", package: "$rc_monthly", product: "pro.monthly"),
        .purchaseStarted(package: "$rc_monthly", product: "pro.monthly"),
        .purchaseFinished(
            package: "$rc_monthly", product: "pro.monthly", transaction: "T1", state: "pending",
            charge: PurchaseCharge(price: 0, currency: "USD", startsOffer: true)),
        .purchaseFailed(package: "p", product: "q", cause: .notSaved, message: "disk \"full\"\n\u{1B}[2J"),
        .restoreStarted,
        .restoreFinished(restored: ["pro"], active: ["pro", "tips"]),
        .reviewAnswered(.never),
        .tourFinished(outcome: .interrupted, lastPage: 7),
    ]

    @Test func aLineHasTheCommonMembersFirstThenItsOwnAndTheDecksIndexes() {
        #expect(
            TourEvent.pageViewed(index: 1, id: nil, kind: "hero").jsonLine(at: Self.time, in: Self.context)
                == #"{"event":"pageViewed","version":1,"time":"2026-12-01T01:53:20.250Z","run":"00000000000000ab","#
                + #""mode":"whats-new","assignments":{"cta":"a","title":"b"},"index":5,"id":null,"kind":"hero"}"# + "\n"
        )
        // A page past the deck's (the gate's own paywall) has no index.
        #expect(
            TourEvent.tourFinished(outcome: .quit, lastPage: 7).jsonLine(at: Self.time, in: Self.context)
                .hasSuffix(#""outcome":"quit","lastPage":null}"# + "\n"))
    }

    @Test func textIsEscapedSoALineIsOneLineOfData() {
        let failed = Self.everyKind.first { $0.name == "purchaseFailed" }
        let line = failed?.jsonLine(at: Self.time, in: Self.context) ?? ""
        #expect(line.contains(#""message":"disk \"full\"\n\u001b[2J""#), "\(line)")
        #expect(line.filter { $0 == "\n" }.count == 1 && line.last == "\n")
        // A typed answer is escaped as a message is; no line holds a control character raw.
        let answer = Self.everyKind[2].jsonLine(at: Self.time, in: Self.context)
        #expect(answer.contains(#""answer":"Ada \"the\"\n\u001b]0;x\u0007""#), "\(answer)")
        for event in Self.everyKind {
            let text = event.jsonLine(at: Self.time, in: Self.context)
            #expect(!text.dropLast().unicodeScalars.contains { $0.value < 0x20 }, "\(text)")
        }
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
        (951_782_400.5, "2000-02-29T00:00:00.500Z"),
        (1_796_090_000.999_9, "2026-12-01T01:53:20.999Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59.000Z"),
    ])
    func timesAreRFC3339InUTCWithMilliseconds(seconds: Double, text: String) {
        #expect(RFC3339Date.utcText(Date(timeIntervalSince1970: seconds)) == text)
    }

    static func schema() throws -> JSONNode {
        let url = repositoryRoot.appendingPathComponent("Assets/schemas/events.schema.json")
        return try JSONParser.parse(Array(try Data(contentsOf: url)))
    }

    @Test(arguments: everyKind.indices)
    func everyKindValidatesAgainstItsSchema(index: Int) throws {
        let event = Self.everyKind[index]
        let schema = try Self.schema()
        let line = event.jsonLine(at: Self.time, in: Self.context)
        let parsed = try JSONParser.parse(Array(line.utf8))
        let kind = try #require(schema["$defs"]?[event.name], "no schema for \(event.name)")
        var problems: [String] = []
        SchemaCheck.validate(parsed, against: schema, at: "$", problems: &problems)
        SchemaCheck.validate(parsed, against: kind, at: "$", problems: &problems)
        #expect(problems.isEmpty, "\(problems)\n\(line)")
        // Every member the schema has, the line has: no member is left out when null.
        let required = kind["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(parsed.members?.map(\.key) ?? []) == Set(required))
    }

    @Test func theSchemaAndTheDocumentationKnowEveryKindAndNoOther() throws {
        let schema = try Self.schema()
        let names = Set(Self.everyKind.map(\.name))
        #expect(Set(schema["properties"]?["event"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []) == names)
        #expect(Set(schema["$defs"]?.members?.map(\.key) ?? []) == names)
        let docs = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("docs/events.md"), encoding: .utf8)
        for event in Self.everyKind {
            #expect(docs.contains("`\(event.name)`"), "docs/events.md does not name \(event.name)")
            for member in event.fields(in: Self.context) {
                #expect(docs.contains("`\(member.key)`"), "docs/events.md does not name \(event.name).\(member.key)")
            }
        }
    }
}

import Testing

@testable import OnboardReport

/// Lines that are not events: each is counted and the first few named with their line and a
/// reason a person can act on; none stops the report. Older lines (no `assignments`, no price)
/// are not bad.
@Suite struct BadLineTests {
    @Test(arguments: [
        ("not json", "not JSON"),
        ("[1,2]", "not a JSON object but an array"),
        (#"{"run":"r"}"#, #"no "event" member"#),
        (#"{"event":"tourStarted"}"#, #"no "run" member"#),
        (#"{"event":7,"run":"r"}"#, #""event" is a number, not a string"#),
        (#"{"event":"tourStarted","run":"r","assignments":[]}"#, #""assignments" is an array, not an object"#),
        (#"{"event":"tourStarted","run":"r","assignments":{"copy":1}}"#, #""assignments"."copy" is a number"#),
        (#"{"event":"pageViewed","run":"r","index":"2"}"#, #""index" is a string, not a page index"#),
        (#"{"event":"pageViewed","run":"r","index":-1}"#, #""index" is a number, not a page index"#),
        (#"{"event":"questionAnswered","run":"r","index":1}"#, #"no "id" member"#),
        (
            #"{"event":"purchaseFinished","run":"r","state":"purchased","price":"1e3","currency":"USD"}"#,
            #""price" is not a decimal"#
        ),
        (
            #"{"event":"purchaseFinished","run":"r","state":"purchased","price":"1.5"}"#,
            #""price" without a "currency""#
        ),
        (
            #"{"event":"purchaseFinished","run":"r","state":"purchased","price":"1","currency":"usd"}"#,
            "not an ISO 4217 code"
        ),
        (
            #"{"event":"purchaseFinished","run":"r","state":"purchased","trial":"yes"}"#,
            #""trial" is a string, not true or false"#
        ),
        (#"{"event":"tourStarted","run":"r"} trailing"#, "not JSON"),
    ])
    func aBadLineIsCountedWithItsReason(line: String, reason: String) throws {
        let text = #"{"event":"tourStarted","run":"ok"}"# + "\n" + line + "\n" + #"{"event":"tourStarted","run":"ok2"}"#
        let report = try ReportFixtures.report(text)
        #expect(report.badLines == 1 && report.lines == 3)
        #expect(report.funnel.runs == 2)
        let bad = try #require(report.firstBadLines.first)
        #expect(bad.source == "events.jsonl" && bad.line == 2)
        #expect(bad.reason.contains(reason), "\(bad.reason)")
    }

    @Test func theFirstFewAreNamedAndAllAreCounted() throws {
        let text = (1...9).map { "bad \($0)" }.joined(separator: "\n")
        let report = try ReportFixtures.report(text)
        #expect(report.badLines == 9)
        #expect(report.firstBadLines.map(\.line) == Array(1...FunnelTally.namedBadLines))
        #expect(report.text.contains("… and 4 more bad lines"))
    }

    @Test(arguments: [1, 10, 4096])
    func aLineTooLongIsCountedNotKept(chunkSize: Int) throws {
        let long = #"{"event":"tourStarted","run":""# + String(repeating: "x", count: 200) + #""}"#
        let text =
            #"{"event":"tourStarted","run":"a"}"# + "\n" + long + "\n" + #"{"event":"tourStarted","run":"b"}"#
            + "\n" + long
        let report = try ReportFixtures.report(Array(text.utf8), chunkSize: chunkSize, maximumLineBytes: 64)
        #expect(report.funnel.runs == 2)
        #expect(report.firstBadLines.map(\.line) == [2, 4])
        #expect(report.firstBadLines.allSatisfy { $0.reason == "longer than 64 bytes, not read" })
    }

    @Test func linesFromBeforeExperimentsAndPricesAreNotBad() throws {
        let text = """
            {"event":"tourStarted","version":1,"run":"r","mode":"tour","pages":2}
            {"event":"purchaseFinished","version":1,"run":"r","mode":"tour","package":"p","product":"p","transaction":"T","state":"purchased"}
            {"event":"somethingNew","version":1,"run":"r","mode":"tour","assignments":{"copy":"a"}}
            """
        let report = try ReportFixtures.report(text)
        #expect(report.badLines == 0 && report.otherEvents == 1)
        #expect(report.funnel.purchases == 1 && report.funnel.revenue.isEmpty)
    }

    @Test func textFromTheFileReachesTheTerminalMadeSafe() throws {
        let text = """
            {"event":"tourStarted","run":"r","assignments":{"e\\u001b[2J":"v\\u001b]0;x\\u0007"}}
            {"event":"questionAnswered","run":"r","index":0,"id":"q\\u001b[31m"}
            """
        let printed = try ReportFixtures.report(text).text
        #expect(!printed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(printed)")
    }
}

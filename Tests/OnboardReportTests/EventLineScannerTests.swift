import OnboardKit
import Testing

@testable import OnboardReport

/// The fast path never says anything the parser would not: for every line it reads, the
/// parser's reading is the same; what it cannot be sure of it leaves to the parser. And it
/// does read the lines tui-onboard writes, or it would be no faster.
@Suite struct EventLineScannerTests {
    static let written = ReportFixtures.events.split(separator: "\n").map(String.init)

    static func scan(_ line: String) -> EventLine? {
        Array(line.utf8).withUnsafeBufferPointer { EventLineScanner.scan($0) }
    }

    @Test(arguments: written)
    func linesAsWrittenTakeTheFastPathAndReadAsTheParserReadsThem(line: String) throws {
        let fast = try #require(Self.scan(line), "left to the parser: \(line)")
        #expect(fast == (try EventLine.decode(Array(line.utf8))))
    }

    @Test(arguments: [
        #"{"event":"pageViewed","run":"r","index":01}"#,
        #"{"event":"pageViewed","run":"r","index":1.0}"#,
        #"{"event":"tourStarted","run":"r","pages":-}"#,
        #"{"event":"tourStarted","run":"r","x":[1,]}"#,
        #"{"event":"tourStarted","run":"r\u0041"}"#,
        #"{"event":"tourStarted","run":"r","x":"\q"}"#,
        #"{"event":"tourStarted","run":"é"}"#,
        #"{"event":"tourStarted","run":"r",}"#,
        #"{"event":"tourStarted","run":"r"} x"#,
        #"{"event":"tourStarted","run":"r","x":tru}"#,
        #"{"event":"questionAnswered","run":"r","id":null}"#,
    ])
    func whatItIsNotSureOfGoesToTheParser(line: String) {
        #expect(Self.scan(line) == nil)
    }

    /// Thousands of seeded edits of real lines (a byte dropped, doubled or replaced by one that
    /// matters to JSON): whatever the fast path reads, the parser reads the same.
    @Test func editedLinesReadTheSameOrFallBack() {
        var generator = SeededGenerator(seed: 36)
        let significant = Array(#"{}[]:,"\ 0123456789.eE-+tfnul"#.utf8) + [0x07, 0xC3]
        var fastCount = 0
        for _ in 0..<20_000 {
            var bytes = Array(Self.written[Int(generator.next() % UInt64(Self.written.count))].utf8)
            for _ in 0...(generator.next() % 3) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = significant[Int(generator.next() % UInt64(significant.count))]
                }
                if bytes.isEmpty { break }
            }
            guard let fast = bytes.withUnsafeBufferPointer({ EventLineScanner.scan($0) }) else { continue }
            fastCount += 1
            #expect(fast == (try? EventLine.decode(bytes)), "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(fastCount > 1000)
    }
}

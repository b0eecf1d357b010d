import Foundation
import Testing

@testable import OnboardKit

/// The parsing cases of nst/JSONTestSuite (copied into Fixtures/JSONTestSuite with its licence),
/// one result per file: `y_` must be accepted, `n_` rejected with a line and column, and `i_`
/// (either is allowed) answered without a crash.
@Suite(.timeLimit(.minutes(10)))
struct JSONTestSuiteTests {
    static let directory = CatalogFixtures.testsDirectory.appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    static func cases(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    @Test func everyCaseIsThere() {
        #expect(Self.cases("y_").count == 95)
        #expect(Self.cases("n_").count == 188)
        #expect(Self.cases("i_").count == 35)
    }

    @Test(arguments: cases("y_"))
    func accepted(_ name: String) throws {
        do {
            _ = try JSONParser.parse(try Self.bytes(name))
        } catch let error as JSONSyntaxError {
            Issue.record("\(name) was refused at \(error.location): \(error.message)")
        }
    }

    @Test(arguments: cases("n_"))
    func rejectedWithAPosition(_ name: String) throws {
        let bytes = try Self.bytes(name)
        do {
            let node = try JSONParser.parse(bytes)
            Issue.record("\(name) was accepted as \(node.kindName)")
        } catch {
            #expect(error.location.line >= 1 && error.location.column >= 1)
            #expect(!error.message.isEmpty)
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            #expect(error.location.line <= lines, "\(name): line \(error.location.line) of \(lines)")
        }
    }

    @Test(arguments: cases("i_"))
    func answered(_ name: String) throws {
        let bytes = try Self.bytes(name)
        let outcome: String
        do {
            outcome = "accepted \(try JSONParser.parse(bytes).kindName)"
        } catch {
            outcome = "refused at \(error.location): \(error.message)"
        }
        #expect(!outcome.isEmpty)
    }
}

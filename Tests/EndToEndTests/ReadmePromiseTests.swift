import Foundation
import Testing

/// The README's reliability promises name the tests that prove them: each named test must
/// exist, so a promise cannot outlive its proof.
@Suite struct ReadmePromiseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README's "Reliability" section, up to the next heading of its level.
    static func reliabilitySection() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## Reliability\n"), "README.md has no Reliability section")
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// Every `Type.method` in backticks.
    static func namedTests(in text: String) -> [(type: String, method: String)] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
            guard index % 2 == 1 else { return nil }
            let parts = piece.split(separator: ".")
            guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }),
                parts[0].first?.isUppercase == true, parts[1].first?.isLowercase == true
            else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// The text of every Swift file under Tests/.
    static func testSources() throws -> [String] {
        let directory = root.appendingPathComponent("Tests")
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }
    }

    @Test func everyTestThePromisesNameExists() throws {
        let named = Self.namedTests(in: try Self.reliabilitySection())
        #expect(named.count >= 10, "the Reliability section names too few tests: \(named)")
        let sources = try Self.testSources()
        for (type, method) in named {
            let declaring = sources.filter { $0.contains("struct \(type) ") || $0.contains("extension \(type) ") }
            #expect(!declaring.isEmpty, "README names \(type), which no test declares")
            #expect(
                declaring.contains { $0.contains("func \(method)(") },
                "README names \(type).\(method), which is not a test there")
        }
    }

    @Test func aMissingTestIsNoticed() {
        let named = Self.namedTests(in: "Proved by `NoSuchTests.nothing` and `plain` and `a.b.c`.")
        #expect(named.map(\.type) == ["NoSuchTests"])
    }
}

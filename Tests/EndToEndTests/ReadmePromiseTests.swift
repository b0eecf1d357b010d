import Foundation
import Testing

/// The documentation's promises name the tests that prove them: each named test must exist, so
/// a promise cannot outlive its proof. `docs/reliability.md` is all promises; elsewhere (the
/// README and every page of docs/) a name counts when its type ends in `Tests`.
@Suite struct ReadmePromiseTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func document(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README and every Markdown page of docs/, by path.
    static func documents() throws -> [(path: String, text: String)] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return try (["README.md"] + pages).map { ($0, try document($0)) }
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
        let promises = Self.namedTests(in: try Self.document("docs/reliability.md"))
        #expect(promises.count >= 10, "docs/reliability.md names too few tests: \(promises)")
        let sources = try Self.testSources()
        for (path, text) in try Self.documents() {
            let named =
                path == "docs/reliability.md"
                ? promises : Self.namedTests(in: text).filter { $0.type.hasSuffix("Tests") }
            for (type, method) in named {
                let declaring = sources.filter { $0.contains("struct \(type) ") || $0.contains("extension \(type) ") }
                #expect(!declaring.isEmpty, "\(path) names \(type), which no test declares")
                #expect(
                    declaring.contains { $0.contains("func \(method)(") },
                    "\(path) names \(type).\(method), which is not a test there")
            }
        }
    }

    @Test func aMissingTestIsNoticed() {
        let named = Self.namedTests(in: "Proved by `NoSuchTests.nothing` and `plain` and `a.b.c`.")
        #expect(named.map(\.type) == ["NoSuchTests"])
    }
}

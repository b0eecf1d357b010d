import Foundation

@testable import OnboardKit

/// Test inputs for catalog tests: the StoreKit sample files copied into the test sources, the
/// repository's default catalog, and in-memory files.
enum CatalogFixtures {
    static let testsDirectory: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.lastPathComponent != "OnboardKitTests" && directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()

    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func storeKitPath(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures/storekit/\(name)").path
    }

    static let defaultCatalogPath = repositoryRoot.appendingPathComponent("Assets/default-catalog.json").path

    static func storeKitText(_ name: String) throws -> String {
        try String(contentsOfFile: storeKitPath(name), encoding: .utf8)
    }

    struct MissingFile: Error, CustomStringConvertible {
        var path: String
        var description: String { "no such file" }
    }

    /// Reads the fixtures and assets of this repository from the disk (the app's own reader,
    /// which refuses FIFOs and devices, is tested with the executable).
    static func diskReader(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw MissingFile(path: path) }
        return [UInt8](data)
    }

    /// A reader over a fixed set of files, so catalog tests need no disk.
    static func memoryReader(_ files: [String: String]) -> CatalogFileReader {
        { path in
            guard let text = files[path] else { throw MissingFile(path: path) }
            return Array(text.utf8)
        }
    }

    /// The line and column (from 1, counting characters) of the `occurrence`-th `needle` in
    /// `text`, worked out from the text itself to check the positions diagnostics report.
    static func position(of needle: String, in text: String, occurrence: Int = 1) -> OnboardKit.SourceLocation? {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
            found = range
            searchStart = range.upperBound
        }
        guard let found else { return nil }
        let before = text[..<found.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        let column = before[lineStart...].unicodeScalars.count + 1
        return OnboardKit.SourceLocation(line: line, column: column)
    }
}

import Foundation
import OnboardAssets
import OnboardKit
import Testing

/// The copy of `Assets/` compiled into the binary is `Assets/`: every file, byte for byte, and
/// nothing else; and the built-in deck loads from it alone, art and catalog included.
@Suite struct BuiltInAssetsTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    /// Every regular file under `Assets/`, by its path there.
    static func filesOfAssets() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: assets.path))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let url = assets.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func theCompiledCopyHoldsEveryFileOfAssetsAndNothingElse() throws {
        let onDisk = try Self.filesOfAssets()
        #expect(!onDisk.isEmpty)
        let missing = Set(onDisk.keys).subtracting(BuiltInAssets.files.keys).sorted()
        #expect(missing.isEmpty, "Assets/ files not compiled in (add them to BuiltInAssets.files): \(missing)")
        let extra = Set(BuiltInAssets.files.keys).subtracting(onDisk.keys).sorted()
        #expect(extra.isEmpty, "compiled-in files that Assets/ no longer has: \(extra)")
        for (path, bytes) in onDisk {
            #expect(
                BuiltInAssets.files[path].map { Data($0) } == bytes, "Assets/\(path) differs from its compiled copy")
        }
    }

    @Test func theBuiltInDeckLoadsWithItsArtAndCatalogFromTheBinaryAlone() throws {
        // A reader that fails any disk read: nothing may come from the file system.
        let noDisk = FileReader { path, _ throws(FileReadError) in throw .unreadable(path: path, reason: "no disk") }
        let reader = BuiltInAssets.reader(otherwise: noDisk)
        let result = DeckLoader.load(path: BuiltInAssets.deckPath, reader: reader)
        let deck = try #require(result.deck, "\(result.diagnostics)")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(deck.pages.count > 1)
        let catalogPath = try #require(deck.catalogPath)
        #expect(catalogPath == BuiltInAssets.directory + "/default-catalog.json")
        let catalog = CatalogDecoder.load(
            path: catalogPath, fileReader: { try reader.read($0, CatalogFile.maximumByteCount) })
        #expect(catalog.catalog != nil, "\(catalog.diagnostics)")
    }

    @Test(arguments: [
        ("<built-in>/art/keys.txt", true),
        ("<built-in>/default-deck.json", true),
        ("<built-in>", false),
        ("./<built-in>/default-deck.json", false),
        ("/usr/share/tui-onboard/default-deck.json", false),
        ("default-deck.json", false),
    ])
    func onlyPathsUnderTheBuiltInDirectoryAreBuiltIn(path: String, isBuiltIn: Bool) {
        #expect(BuiltInAssets.isBuiltIn(path) == isBuiltIn)
    }

    @Test func otherPathsGoToTheDiskAndUnknownBuiltInOnesAreMissing() throws {
        let disk = FileReader.memory(["mine.json": "{}"])
        let reader = BuiltInAssets.reader(otherwise: disk)
        #expect(try reader.read("mine.json", 100) == Array("{}".utf8))
        #expect(throws: FileReadError.missing(path: "<built-in>/art/none.txt")) {
            try reader.read("<built-in>/art/none.txt", 100)
        }
        let deckSize = BuiltInAssets.files["default-deck.json"]?.count ?? 0
        #expect(throws: FileReadError.tooLarge(path: BuiltInAssets.deckPath, size: deckSize, limit: 10)) {
            try reader.read(BuiltInAssets.deckPath, 10)
        }
    }
}

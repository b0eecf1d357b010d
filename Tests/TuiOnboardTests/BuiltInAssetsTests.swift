import Foundation
import OnboardKit
import Testing

@testable import OnboardAssets

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
        #expect(missing.isEmpty, "Assets/ files not compiled in (run make built-in-assets): \(missing)")
        let extra = Set(BuiltInAssets.files.keys).subtracting(onDisk.keys).sorted()
        #expect(extra.isEmpty, "compiled-in files that Assets/ no longer has: \(extra)")
        for (path, bytes) in onDisk {
            #expect(
                BuiltInAssets.files[path].map { Data($0) } == bytes,
                "Assets/\(path) differs from its compiled copy (run make built-in-assets)")
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

/// A damaged copy in the binary says so; it never crashes or yields part of a file.
@Suite struct PackedAssetsTests {
    static let packed = PackageResources.built_in_assets_xz

    @Test func theBinarysCopyUnpacks() throws {
        #expect(BuiltInAssets.damage == nil)
        let files = try PackedAssets.unpack(Self.packed).get()
        #expect(files.count == BuiltInAssets.files.count)
    }

    @Test(arguments: [0, 12, 100, 2000, -40, -4])
    func aFlippedByteAnywhereIsDamage(offset: Int) {
        var stream = Self.packed
        let index = offset >= 0 ? offset : stream.count + offset
        stream[index] ^= 0x55
        guard case .failure(let damage) = PackedAssets.unpack(stream) else {
            Issue.record("byte \(index) flipped, and the stream still unpacked")
            return
        }
        #expect(damage.reason.contains("liblzma"))
    }

    @Test func aCutStreamIsDamage() {
        #expect(throws: PackedAssets.Damage.self) { try PackedAssets.unpack(Array(Self.packed.prefix(1000))).get() }
        #expect(throws: PackedAssets.Damage.self) { try PackedAssets.unpack([]).get() }
    }

    @Test func recordsReadBackAndMalformedOnesAreRefused() throws {
        let container = Array("a.txt\u{0}3\u{0}abcdir/b\u{0}0\u{0}".utf8)
        #expect(try PackedAssets.records(container).get() == ["a.txt": Array("abc".utf8), "dir/b": []])
        for malformed in ["a.txt\u{0}4\u{0}abc", "a.txt\u{0}x\u{0}abc", "\u{0}1\u{0}a", "a.txt", "a\u{0}-1\u{0}"] {
            #expect(throws: PackedAssets.Damage.self, "\(malformed)") {
                try PackedAssets.records(Array(malformed.utf8)).get()
            }
        }
    }
}

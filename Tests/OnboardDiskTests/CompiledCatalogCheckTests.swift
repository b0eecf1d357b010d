import Foundation
import OnboardDisk
import Testing

/// The layout check a compiled catalog passes before glibc maps it: each catalog of po/ passes,
/// and a file whose magic, offsets or hash table point outside it does not.
@Suite struct CompiledCatalogCheckTests {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "catalog-check-\(getpid())-\(UUID().uuidString).mo"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func compiledGerman() throws -> [UInt8] {
        let path = GettextCatalog.catalogPath(directory: try TranslatedCatalogs.compiled.get(), language: "de")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func everyCatalogOfPoPasses() throws {
        let directory = try TranslatedCatalogs.compiled.get()
        for language in TranslatedCatalogs.languages {
            #expect(
                GettextCatalog.isWellFormed(path: GettextCatalog.catalogPath(directory: directory, language: language)))
        }
    }

    /// Little-endian word `value` at `offset`, as msgfmt writes on this machine.
    static func setting(_ bytes: [UInt8], word value: UInt32, at offset: Int) -> [UInt8] {
        var bytes = bytes
        for index in 0..<4 { bytes[offset + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) }
        return bytes
    }

    @Test func aFileThatPointsOutsideItselfFails() throws {
        let good = try Self.compiledGerman()
        let originals = Int(good[12]) | Int(good[13]) << 8 | Int(good[14]) << 16 | Int(good[15]) << 24
        let hashOffset = Int(good[24]) | Int(good[25]) << 8 | Int(good[26]) << 16 | Int(good[27]) << 24
        let broken: [(String, [UInt8])] = [
            ("empty", []),
            ("cut in the header", Array(good.prefix(20))),
            ("cut in the strings", Array(good.prefix(good.count - 10))),
            ("wrong magic", Self.setting(good, word: 0x1234_5678, at: 0)),
            ("revision 7", Self.setting(good, word: 7, at: 4)),
            ("a string past the end", Self.setting(good, word: 0xFFFF_FF00, at: originals + 4)),
            ("a string without its NUL", Self.setting(good, word: UInt32(good.count - 2), at: originals)),
            ("a hash entry past the messages", Self.setting(good, word: 0x00FF_FFFF, at: hashOffset)),
            ("a count past the tables", Self.setting(good, word: 0x7FFF_FFFF, at: 8)),
        ]
        #expect(GettextCatalog.isWellFormed(path: try Self.write(good)))
        for (name, bytes) in broken {
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(!GettextCatalog.isWellFormed(path: path), "\(name)")
        }
        #expect(!GettextCatalog.isWellFormed(path: "/nonexistent/tui-onboard.mo"))
    }
}

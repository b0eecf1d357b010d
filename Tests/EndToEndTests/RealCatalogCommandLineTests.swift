import Foundation
import Testing

/// Catalogs on the command line: a deck passed as the catalog, and `.storekit` names in the
/// language of the environment, as `--plain` shows them.
@Suite("Real catalogs on the command line")
struct RealCatalogCommandLineTests {
    static let paywallDeck = """
        { "app": { "id": "x", "name": "X" }, "pages": [ { "kind": "paywall" } ] }
        """

    static var storeKitFixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OnboardKitTests/Fixtures/storekit").path
    }

    @Test("a deck passed as --catalog says it is a deck, once, and exits 65")
    func deckAsCatalog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.paywallDeck, to: "deck.json")
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["--deck", deck, "--catalog", deck, "--plain", "--state-dir", directory.path("s")])
        #expect(result.status == 65)
        #expect(result.standardError.contains("this is a deck, not a catalog"))
        #expect(!result.standardError.contains("unknown"))
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
    }

    @Test("--plain shows a .storekit file's names and descriptions")
    func plainStoreKitNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.paywallDeck, to: "deck.json")
        let result = try CommandRunner.run(
            try BuiltBinary.path(),
            [
                "--deck", deck, "--catalog", "\(Self.storeKitFixtures)/cisum-Products.storekit", "--plain",
                "--state-dir", directory.path("s"),
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("- Car: "))
        #expect(result.standardOutput.contains("  A standard five-seater"))
        #expect(!result.standardOutput.contains("Lifetime"))
        #expect(result.standardError.contains("should link its privacy policy and terms of use"))
    }
}

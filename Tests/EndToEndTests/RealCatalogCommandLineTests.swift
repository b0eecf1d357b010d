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
        // The catalog's warning is the author's business: the run says nothing about it.
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    /// The host's commands over a .storekit file that links no privacy policy or terms, which
    /// `validate` warns about.
    static let quietCommands: [[String]] = [["has", "pro"], ["status"], ["--plain"], ["--plain", "--first-run"]]

    @Test("has, status and runs print no deck or catalog warning; --warnings and validate do", arguments: quietCommands)
    func hostsStayQuiet(command: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = "\(Self.storeKitFixtures)/cisum-Products.storekit"
        // An unknown member too: a deck warning as well as the catalog's.
        let deck = try directory.write(
            #"{ "app": { "id": "x", "name": "X" }, "catalog": "\#(catalog)", "colour": 1, "pages": [ { "kind": "paywall" } ] }"#,
            to: "deck.json")
        let arguments = command + ["--deck", deck, "--state-dir", directory.path("s")]
        let quiet = try CommandRunner.run(try BuiltBinary.path(), arguments)
        #expect([0, 1].contains(quiet.status), "\(quiet)")
        #expect(quiet.standardError.isEmpty, "\(command): \(quiet.standardError)")
        // A state of its own: after the first run, --first-run would have nothing to show.
        let fresh = command + ["--deck", deck, "--state-dir", directory.path("fresh"), "--warnings"]
        let told = try CommandRunner.run(try BuiltBinary.path(), fresh)
        #expect(told.status == quiet.status)
        #expect(told.standardError.contains("should link its privacy policy and terms of use"), "\(told)")
        #expect(told.standardError.contains("colour"), "\(told)")
        let validated = try CommandRunner.run(try BuiltBinary.path(), ["validate", deck])
        #expect(validated.standardError.contains("should link its privacy policy and terms of use"))
    }

    @Test("errors still reach stderr without --warnings")
    func errorsAreStillPrinted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(#"{ "app": { "id": "x" }, "pages": [] }"#, to: "deck.json")
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["--plain", "--deck", deck, "--state-dir", directory.path("s")])
        #expect(result.status == 65)
        #expect(result.standardError.contains("error"), "\(result)")
    }
}

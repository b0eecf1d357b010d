import Foundation
import OnboardAssets
import Testing

@testable import tui_onboard

@Suite struct AssetLocatorTests {
    @Test func anExplicitAssetsFolderWinsWhenItHoldsTheDeck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{}".write(to: folder.appendingPathComponent(AssetLocator.deckFileName), atomically: true, encoding: .utf8)
        let environment = ["TUI_ONBOARD_ASSETS": folder.path]
        #expect(AssetLocator.assetsDirectory(environment: environment) == folder.path)
        #expect(AssetLocator.deckPath(environment: environment) == folder.path + "/" + AssetLocator.deckFileName)
        #expect(AssetLocator.bytes(of: AssetLocator.deckFileName, environment: environment) == Array("{}".utf8))
    }

    /// Without an override (or with one that holds no deck) the deck is the binary's own copy:
    /// nothing of the build tree or the disk is looked for.
    @Test(arguments: [[:], ["TUI_ONBOARD_ASSETS": ""], ["TUI_ONBOARD_ASSETS": "/nonexistent"]])
    func otherwiseTheBuiltInCopyIsRead(environment: [String: String]) throws {
        #expect(AssetLocator.assetsDirectory(environment: environment) == nil)
        #expect(AssetLocator.deckPath(environment: environment) == BuiltInAssets.deckPath)
        let schema = try #require(AssetLocator.bytes(of: "schemas/deck.schema.json", environment: environment))
        #expect(schema == BuiltInAssets.files["schemas/deck.schema.json"])
    }
}

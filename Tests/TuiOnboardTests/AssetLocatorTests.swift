import Foundation
import Testing

@testable import tui_onboard

@Suite struct AssetLocatorTests {
    @Test func anExplicitAssetsFolderWinsWhenItHoldsTheDeck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{}".write(to: folder.appendingPathComponent(AssetLocator.deckFileName), atomically: true, encoding: .utf8)
        #expect(AssetLocator.assetsDirectory(environment: ["TUI_ONBOARD_ASSETS": folder.path]) == folder.path)
    }

    @Test func withoutAnOverrideTheBuiltInDeckIsFound() throws {
        let found = try #require(AssetLocator.assetsDirectory(environment: ["TUI_ONBOARD_ASSETS": "/nonexistent"]))
        #expect(FileManager.default.fileExists(atPath: "\(found)/\(AssetLocator.deckFileName)"))
    }
}

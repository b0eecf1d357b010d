import Glibc
import OnboardAssets
import OnboardDisk
import OnboardKit

/// Where the built-in tour comes from: the copy compiled into the binary (`BuiltInAssets`),
/// unless `TUI_ONBOARD_ASSETS` names a folder holding a `default-deck.json` (to work on the
/// built-in tour without rebuilding; `make docs` draws the README's pictures from `Assets/` so).
/// No path of the tree the binary was built in is looked at.
enum AssetLocator {
    static let deckFileName = BuiltInAssets.deckFileName

    /// The folder `TUI_ONBOARD_ASSETS` names, when it holds the deck; nil for the built-in copy.
    static func assetsDirectory(environment: [String: String]) -> String? {
        guard let explicit = environment["TUI_ONBOARD_ASSETS"], !explicit.isEmpty else { return nil }
        return access(PathText.join(explicit, deckFileName), R_OK) == 0 ? explicit : nil
    }

    /// The built-in deck's path: in the `TUI_ONBOARD_ASSETS` folder, else inside the binary.
    static func deckPath(environment: [String: String]) -> String {
        PathText.join(assetsDirectory(environment: environment) ?? BuiltInAssets.directory, deckFileName)
    }

    /// The reader for decks and catalogs: the built-in files from the binary, any other path
    /// from the disk.
    static let reader = BuiltInAssets.reader(otherwise: UserFile.reader)

    /// The built-in file at `relativePath` (`schemas/deck.schema.json`), from wherever the deck is.
    static func bytes(of relativePath: String, environment: [String: String]) -> [UInt8]? {
        let directory = assetsDirectory(environment: environment) ?? BuiltInAssets.directory
        return try? reader.read(PathText.join(directory, relativePath), DeckLoader.maximumDeckSize)
    }
}

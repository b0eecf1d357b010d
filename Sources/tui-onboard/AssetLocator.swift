import FoundationEssentials
import Glibc

/// Finds the built-in assets: beside an installed binary (`PREFIX/share/tui-onboard`), or in
/// the source tree for a development build, whatever the working directory.
enum AssetLocator {
    static let deckFileName = "default-deck.json"

    static func assetsDirectory(environment: [String: String]) -> String? {
        var candidates: [String] = []
        if let explicit = environment["TUI_ONBOARD_ASSETS"], !explicit.isEmpty { candidates.append(explicit) }
        if let executable = executablePath() {
            let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            candidates.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/tui-onboard").path)
        }
        // A development build: Sources/tui-onboard/AssetLocator.swift -> the repository's Assets.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(sourceRoot.appendingPathComponent("Assets").path)
        return candidates.first { FileManager.default.fileExists(atPath: "\($0)/\(deckFileName)") }
    }

    static func executablePath() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}

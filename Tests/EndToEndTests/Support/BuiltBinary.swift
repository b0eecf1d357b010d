import Foundation

/// The `tui-onboard` executable the tests drive: the debug build in the repository's `.build`,
/// or the one `TUI_ONBOARD_TEST_BINARY` names (`make test-release` runs them on the release build).
enum BuiltBinary {
    /// `Tests/EndToEndTests/Support/BuiltBinary.swift` -> the repository root.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The path of the built binary, or an error that says how to build it.
    static func path() throws -> String {
        let chosen = ProcessInfo.processInfo.environment["TUI_ONBOARD_TEST_BINARY"].flatMap { $0.isEmpty ? nil : $0 }
        let path = chosen ?? repositoryRoot.appendingPathComponent(".build/debug/tui-onboard").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw EndToEndError("the app is not built: \(path) is missing; run `swift build` (or `make test`) first")
        }
        return path
    }

    /// The example host executable (`Examples/HostCLI`), built beside the app.
    static func examplePath() throws -> String {
        let path = repositoryRoot.appendingPathComponent(".build/debug/onboard-host-example").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw EndToEndError(
                "the example is not built: \(path) is missing; run `swift build` (or `make test`) first")
        }
        return path
    }

    /// The vendor's tool (`tui-onboard-license`), built beside the app.
    static func licenseToolPath() throws -> String {
        let path = URL(fileURLWithPath: try self.path()).deletingLastPathComponent()
            .appendingPathComponent("tui-onboard-license").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw EndToEndError("the license tool is not built: \(path) is missing; run `swift build` first")
        }
        return path
    }
}

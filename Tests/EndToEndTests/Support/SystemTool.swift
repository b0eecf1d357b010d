import Foundation

/// A program from a Debian package that a test needs (`man`, `zsh`, `fish`): found on PATH, or
/// an error that names the package to install (`make deps` installs them all).
enum SystemTool {
    static func path(_ name: String, package: String) throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories + ["/usr/bin", "/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw EndToEndError("\(name) is missing: install the \(package) package (`make deps` does, as root)")
    }
}

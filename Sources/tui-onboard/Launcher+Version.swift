import Glibc
import OnboardAssets
import OnboardDisk
import OnboardKit
import OnboardRun

/// `--version`, and with `--verbose` where this binary finds what it reads: the built-in tour,
/// the message catalogs (and the user's language among them), the state and the config file.
/// For a person checking an install; the lines may change between versions.
extension Launcher {
    func versionReport() -> Int32 {
        var lines = ["tui-onboard \(Launcher.version)"]
        if options.output.isVerbose {
            let executable = MessageCatalogLocator.executablePath()
            lines.append("executable: \(executable ?? "unknown (/proc/self/exe cannot be read)")")
            lines.append("built-in tour: " + builtInTourPlace())
            lines += catalogPlaces(executable: executable)
            lines.append("state directory: \(stateDirectory)")
            if let config = UserConfig.path(environment: environment) {
                lines.append("config file: \(config)" + (access(config, F_OK) == 0 ? "" : " (none there)"))
            } else {
                lines.append("config file: none (neither XDG_CONFIG_HOME nor HOME is set)")
            }
        }
        return writeOutput(lines.map { SafeText.sanitize($0) }.joined(separator: "\n") + "\n")
    }

    private func builtInTourPlace() -> String {
        guard let directory = AssetLocator.assetsDirectory(environment: environment) else {
            let pictures = BuiltInAssets.files.keys.filter { $0.hasPrefix("art/") }.count
            return "inside the executable (\(BuiltInAssets.deckFileName), \(pictures) pictures, default-catalog.json)"
        }
        return "\(directory) (TUI_ONBOARD_ASSETS)"
    }

    /// One line per place message catalogs may be, with the languages found there, then the
    /// user's language and the catalog it is read from.
    private func catalogPlaces(executable: String?) -> [String] {
        let candidates = MessageCatalogLocator.candidates(environment: environment, executable: executable)
        var lines: [String] = []
        for candidate in candidates {
            let found = MessageCatalogLocator.shipped.sorted().filter { language in
                MessageCatalogLocator.firstDirectory(holding: language, among: [candidate.directory]) != nil
            }
            let languages = found.isEmpty ? "none" : found.joined(separator: " ")
            lines.append("message catalogs (\(candidate.origin)): \(candidate.directory): \(languages)")
        }
        guard let language = MessageCatalogLocator.language(for: languagePreference) else {
            lines.append("language: English (needs no catalog)")
            return lines
        }
        if let directory = MessageCatalogLocator.firstDirectory(holding: language, among: candidates.map(\.directory)) {
            lines.append(
                "language: \(language), from \(GettextCatalog.catalogPath(directory: directory, language: language))")
        } else {
            lines.append("language: \(language), but no catalog of it was found: the app's own words are in English")
        }
        return lines
    }
}

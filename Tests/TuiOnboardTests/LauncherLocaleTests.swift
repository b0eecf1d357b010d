import Foundation
import Testing

@testable import tui_onboard

/// Texts and product names follow the reader's languages, one choice for the whole screen
/// (numbers, prices and dates too: `FormattingLocaleTests`).
@Suite struct LauncherLocaleTests {
    static let languages: [([String: String], String?)] = [
        (["LANG": "fr_FR.UTF-8"], "fr_FR"),
        (["LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"], "de_DE"),
        (["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], "ja_JP"),
        (["LC_MONETARY": "de_DE.UTF-8", "LANG": "zh_CN.UTF-8"], "zh_CN"),
        (["LC_ALL": "", "LANG": "es_MX@euro"], "es_MX"),
        (["LANG": "C.UTF-8"], nil),
        (["LC_ALL": "POSIX", "LANG": "fr_FR.UTF-8"], nil),
        ([:], nil),
        // LANGUAGE's first language, as GNU tools read it; ignored under a C or POSIX locale.
        (["LANGUAGE": "pt_BR:de", "LANG": "fr_FR.UTF-8"], "pt_BR"),
        (["LANGUAGE": "pt_BR", "LANG": "C"], nil),
    ]

    @Test(arguments: languages)
    func theLanguageForNamesComesFromLCAllLCMessagesOrLang(environment: [String: String], expected: String?) throws {
        let launcher = Launcher(options: try Options.parse([]), environment: environment)
        #expect(launcher.languagePreference.tags.first == expected)
    }

    @Test func langComesBeforeTheEnvironment() throws {
        let launcher = Launcher(options: try Options.parse(["--lang", "ja"]), environment: ["LANG": "fr_FR.UTF-8"])
        #expect(launcher.languagePreference.tags.first == "ja")
        #expect(throws: Options.UsageError.self) { try Options.parse(["--lang", "!!"]) }
        #expect(try Options.parse(["--lang", "zh-Hans"]).tour.language == "zh-Hans")
    }
}

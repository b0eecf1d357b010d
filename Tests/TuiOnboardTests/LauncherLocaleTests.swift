import Foundation
import Testing

@testable import tui_onboard

/// Product names follow the messages language (numbers and dates too: `FormattingLocaleTests`).
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
    func theLanguageForNamesComesFromLCAllLCMessagesOrLang(environment: [String: String], expected: String?) {
        #expect(Launcher.userLanguage(environment)?.identifier == expected)
    }

    @Test func langComesBeforeTheEnvironment() throws {
        #expect(Launcher.userLanguage(["LANG": "fr_FR.UTF-8"], option: "ja")?.identifier == "ja")
        #expect(throws: Options.UsageError.self) { try Options.parse(["--lang", "!!"]) }
        #expect(try Options.parse(["--lang", "zh-Hans"]).language == "zh-Hans")
    }
}

import Testing

@testable import OnboardKit

/// The user's languages as GNU tools resolve them, without setlocale: `--lang`, then the
/// `LANGUAGE` list (ignored under a `C` or `POSIX` locale), then `LC_ALL`, `LC_MESSAGES`, `LANG`.
@Suite struct LanguagePreferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var option: String?
        var environment: [String: String]
        var expected: [String]
        var testDescription: String {
            (option.map { "--lang \($0) " } ?? "")
                + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    static let cases: [Case] = [
        Case(environment: [:], expected: []),
        Case(environment: ["LANG": "de_DE.UTF-8"], expected: ["de_DE", "de"]),
        Case(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"], expected: ["fr_FR", "fr"]),
        Case(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"], expected: ["ja_JP", "ja"]),
        Case(environment: ["LANG": "en_US.UTF-8", "LC_ALL": ""], expected: ["en_US", "en"]),
        Case(
            environment: ["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"], expected: ["fr", "de", "en_US", "en"]),
        Case(environment: ["LANGUAGE": "pt_BR:pt", "LANG": "C.UTF-8"], expected: ["pt_BR", "pt"]),
        Case(environment: ["LANGUAGE": "fr"], expected: ["fr"]),
        // GNU gettext ignores LANGUAGE under the C locale.
        Case(environment: ["LANGUAGE": "fr", "LANG": "C"], expected: []),
        Case(environment: ["LANGUAGE": "fr", "LC_ALL": "POSIX", "LANG": "de_DE"], expected: []),
        Case(environment: ["LANG": "C.UTF-8"], expected: []),
        Case(environment: ["LANG": "POSIX"], expected: []),
        Case(environment: ["LANGUAGE": "::", "LANG": "ar_SA.UTF-8"], expected: ["ar_SA", "ar"]),
        Case(environment: ["LANG": "sr_RS@latin"], expected: ["sr_RS", "sr"]),
        Case(environment: ["LANG": "zh_CN.GB18030"], expected: ["zh_CN", "zh"]),
        Case(environment: ["LANG": "es_419.UTF-8"], expected: ["es_419", "es"]),
        Case(environment: ["LANG": "not a locale"], expected: []),
        Case(option: "zh-hans-cn", environment: ["LANG": "de_DE.UTF-8"], expected: ["zh_Hans_CN", "zh_Hans", "zh"]),
        Case(option: "he:ar", environment: ["LANGUAGE": "fr"], expected: ["he", "ar"]),
        Case(option: "", environment: ["LANG": "ko_KR.UTF-8"], expected: ["ko_KR", "ko"]),
    ]

    @Test(arguments: cases)
    func theLanguagesAreResolvedAsGNUToolsDo(_ row: Case) {
        #expect(LanguagePreference.resolve(option: row.option, environment: row.environment).tags == row.expected)
    }
}

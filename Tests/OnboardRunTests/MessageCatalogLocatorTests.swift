import Foundation
import OnboardKit
import Testing

@testable import OnboardRun

/// Which catalog a run speaks, from the command line and the environment, with no locale
/// installed and no file looked at.
@Suite struct MessageCatalogLocatorTests {
    static let table: [([String: String], String?, String?)] = [
        (["LANG": "de_DE.UTF-8"], nil, "de"),
        (["LANG": "pt_PT.UTF-8"], nil, "pt_BR"),
        (["LANG": "pt_BR.UTF-8"], nil, "pt_BR"),
        (["LANG": "zh_CN.UTF-8"], nil, "zh_Hans"),
        (["LANG": "zh_Hans_CN.UTF-8"], nil, "zh_Hans"),
        (["LANG": "ar_SA.UTF-8"], nil, "ar"),
        (["LANG": "iw_IL.UTF-8"], nil, "he"),
        (["LANG": "fr_CA.UTF-8"], nil, "fr"),
        (["LANG": "en_GB.UTF-8"], nil, nil),
        (["LANG": "nl_NL.UTF-8"], nil, nil),
        (["LANGUAGE": "nl:ja:de", "LANG": "de_DE.UTF-8"], nil, "ja"),
        (["LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"], nil, nil),
        // Plain C silences LANGUAGE, as in gettext; C.UTF-8 does not.
        (["LANGUAGE": "de", "LANG": "C"], nil, nil),
        (["LANGUAGE": "de", "LANG": "C.UTF-8"], nil, "de"),
        (["LC_ALL": "ko_KR.UTF-8", "LANG": "de_DE.UTF-8"], nil, "ko"),
        (["LANG": "de_DE.UTF-8"], "ru:de", "ru"),
        (["LANG": "de_DE.UTF-8"], "en", nil),
        ([:], nil, nil),
    ]

    @Test(arguments: table)
    func theCatalogFollowsTheReadersLanguage(environment: [String: String], option: String?, expected: String?) {
        let preference = LanguagePreference.resolve(option: option, environment: environment)
        #expect(MessageCatalogLocator.language(for: preference) == expected, "\(environment) \(option ?? "")")
        let messages = MessageCatalogLocator.messages(preference: preference, environment: environment)
        #expect(messages.language == (expected ?? "en"))
    }

    /// The languages the locator knows are the catalogs under po/.
    @Test func theShippedLanguagesAreThoseOfPo() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po").path
        let files = try FileManager.default.contentsOfDirectory(atPath: po).filter { $0.hasSuffix(".po") }
        #expect(Set(files.map { String($0.dropLast(3)) }) == MessageCatalogLocator.shipped)
    }

    /// Catalogs are looked for in `TUI_ONBOARD_LOCALEDIR`, then in `share/locale` beside the
    /// binary's directory, wherever it was installed or unpacked; nowhere else.
    @Test(
        arguments: [
            ([:], "/usr/bin/tui-onboard", ["/usr/share/locale"]),
            (
                [:], "/home/me/tools/tui-onboard-0.1.0/bin/tui-onboard",
                ["/home/me/tools/tui-onboard-0.1.0/share/locale"]
            ),
            (
                [:], "/repo/.build/x86_64-unknown-linux-gnu/release/tui-onboard",
                ["/repo/.build/x86_64-unknown-linux-gnu/share/locale"]
            ),
            (["TUI_ONBOARD_LOCALEDIR": "/opt/l"], "/usr/local/bin/tui-onboard", ["/opt/l", "/usr/local/share/locale"]),
            (["TUI_ONBOARD_LOCALEDIR": ""], "/usr/bin/tui-onboard", ["/usr/share/locale"]),
            (["TUI_ONBOARD_LOCALEDIR": "/opt/l"], nil, ["/opt/l"]),
        ] as [([String: String], String?, [String])])
    func catalogsAreLookedForBesideTheBinary(environment: [String: String], executable: String?, expected: [String]) {
        let found = MessageCatalogLocator.candidates(environment: environment, executable: executable)
        #expect(found.map(\.directory) == expected)
    }

    /// A language with no catalog this binary can read is said once, naming where it looked
    /// and why each place failed; English, or a catalog that is there, says nothing.
    @Test func aMissingOrDamagedCatalogIsSaidWithWhereItWasLookedFor() throws {
        let root = NSTemporaryDirectory() + "catalog-notice-\(getpid())-\(UUID().uuidString)"
        let damaged = root + "/damaged/de/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("not a catalog".utf8).write(to: URL(fileURLWithPath: damaged + "/tui-onboard.mo"))
        let directories = [root + "/absent", root + "/damaged"]
        let messages = Messages(
            language: "de", lookup: MessageCatalogLocator.DeferredCatalog(language: "de") { directories })
        let notice = try #require(MessageCatalogLocator.missingCatalogNotice(for: messages))
        #expect(notice.contains("no message catalog for \"de\""))
        #expect(notice.contains(root + "/absent/de/LC_MESSAGES/tui-onboard.mo is missing"))
        #expect(notice.contains(root + "/damaged/de/LC_MESSAGES/tui-onboard.mo is damaged"))
        #expect(notice.contains("TUI_ONBOARD_LOCALEDIR"))
        #expect(MessageCatalogLocator.missingCatalogNotice(for: .english) == nil)
    }

    /// A language's catalog is the first directory's that has one; without any (a build before
    /// `make messages`) the language reads English.
    @Test func theCatalogIsFoundAtTheFirstLookupOrEnglishIsRead() throws {
        let root = NSTemporaryDirectory() + "catalogs-\(getpid())"
        let compiled = root + "/with/de/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: compiled, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/without", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("po/de.po").path
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        msgfmt.arguments = ["msgfmt", "-o", compiled + "/tui-onboard.mo", po]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        try #require(msgfmt.terminationStatus == 0)

        let missing = MessageCatalogLocator.DeferredCatalog(language: "de") { [root + "/without"] }
        #expect(missing.translation(of: "Not purchased") == "Not purchased")
        #expect(
            missing.translation(of: "{{ count }} month", plural: "{{ count }} months", count: 2) == "{{ count }} months"
        )
        #expect(missing.catalog == nil)

        let found = MessageCatalogLocator.DeferredCatalog(language: "de") { [root + "/without", root + "/with"] }
        #expect(found.catalog?.directory == root + "/with")
        #expect(found.translation(of: "Not purchased") != "Not purchased")
        #expect(MessageCatalogLocator.missingCatalogNotice(for: Messages(language: "de", lookup: found)) == nil)
    }
}

import Foundation
import OnboardDisk
import OnboardKit

/// The message catalogs of the source tree as the tests read them: each `po/LANG.po` compiled by
/// `msgfmt --check` into one temporary directory (once per test process), and each message read
/// back through GNU gettext's `msgexec`, so no test parses the PO format by hand.
enum TranslatedCatalogs {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let poDirectory = root + "/po"
    static let template = poDirectory + "/tui-onboard.pot"

    /// The twelve languages the issue asks for, beside English.
    static let required = ["ar", "de", "es", "fr", "he", "it", "ja", "ko", "pl", "pt_BR", "ru", "zh_Hans"]

    static var languages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: poDirectory)) ?? [])
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// One message of a catalog: a plural message has one entry per form.
    struct Entry: Hashable {
        var msgid: String
        var msgidPlural: String?
        var form: Int?
        var msgstr: String
    }

    /// Every message of a `.po` or `.pot` file but the header.
    static func entries(of path: String) throws -> [Entry] {
        let script =
            #"printf '%s\037%s\037%s\037%s\036' "$MSGEXEC_MSGID" "${MSGEXEC_MSGID_PLURAL-}" "${MSGEXEC_PLURAL_FORM-}" "$(cat; printf x)""#
        let output = try run(["msgexec", "-i", path, "sh", "-c", script]).output
        return output.split(separator: "\u{1E}", omittingEmptySubsequences: true).compactMap { record in
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, !fields[0].isEmpty else { return nil }
            // `$(cat; printf x)` keeps trailing newlines, which command substitution strips.
            return Entry(
                msgid: fields[0], msgidPlural: fields[1].isEmpty ? nil : fields[1], form: Int(fields[2]),
                msgstr: String(fields[3].dropLast()))
        }
    }

    /// The directory the catalogs are compiled into, `LANG/LC_MESSAGES/tui-onboard.mo`.
    static let compiled: Result<String, CatalogFailure> = {
        let directory = NSTemporaryDirectory() + "tui-onboard-locale-\(getpid())"
        for language in languages {
            let target = "\(directory)/\(language)/LC_MESSAGES"
            try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            guard
                let result = try? run([
                    "msgfmt", "--check", "-o", "\(target)/\(GettextCatalog.domain).mo", "\(poDirectory)/\(language).po",
                ]), result.status == 0
            else { return .failure(CatalogFailure(description: "msgfmt --check refused po/\(language).po")) }
        }
        return .success(directory)
    }()

    static func messages(_ language: String) throws -> Messages {
        Messages(language: language, lookup: GettextCatalog(directory: try compiled.get(), language: language))
    }

    struct CatalogFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a tool from the source tree's root; its output and errors come back as one text.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

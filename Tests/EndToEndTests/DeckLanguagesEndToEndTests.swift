import Foundation
import Testing

/// Decks and catalogs in several languages through the real binary: the reader's language from
/// `LANG` (whether or not that locale is installed) or `--lang`, and `validate` over every one.
@Suite("Decks in several languages")
struct DeckLanguagesEndToEndTests {
    static var example: String {
        BuiltBinary.repositoryRoot.appendingPathComponent("Examples/Languages/deck.json").path
    }

    /// Runs the binary with only `environment` deciding the language.
    static func run(_ arguments: [String], environment: [String] = []) throws -> CommandRunner.Output {
        let cleared = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].flatMap { ["-u", $0] }
        return try CommandRunner.run(
            "/usr/bin/env", cleared + environment + [try BuiltBinary.path()] + arguments, timeout: .seconds(60))
    }

    @Test("the example in English, German and Arabic validates clean")
    func theExampleValidates() throws {
        let result = try Self.run(["validate", Self.example])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput == "\(Self.example): valid (3 pages)\n")
    }

    @Test("validate names the languages whose paywall leaves out words at 80x24 where English does not")
    func validateMeasuresThePaywallInEveryLanguage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try Self.run(["init", directory.path("tour"), "--layout", "list"])
        #expect(made.status == 0, "\(made)")
        // Three features more: all of it still fits English at 80x24.
        let deckPath = directory.path("tour/deck.json")
        let deck = try String(contentsOfFile: deckPath, encoding: .utf8)
        let tight = deck.replacingOccurrences(
            of: "\"layout\": \"list\",",
            with: "\"layout\": \"list\", \"features\": [\"Feature 0\", \"Feature 1\", \"Feature 2\"],")
        #expect(tight != deck)
        try tight.write(toFile: deckPath, atomically: true, encoding: .utf8)
        let validated = try Self.run(["validate", deckPath])
        #expect(validated.status == 0, "\(validated)")
        let warnings = validated.standardError.split(separator: "\n")
        let named = try #require(
            warnings.first { $0.contains("warning: pages[3]: in \"") }, "\(validated.standardError)")
        #expect(!warnings.contains { $0.contains("pages[3]: at 80x24") }, "English fits: \(validated.standardError)")
        // Each language named does leave out the features at 80x24, as dump shows; English does not.
        let languages = named.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        #expect(!languages.isEmpty)
        func paywall(_ options: [String]) throws -> String {
            let dumped = try Self.run(["dump", "--size", "80x24"] + options + [deckPath])
            return dumped.standardOutput.components(separatedBy: "page 4/4").last ?? ""
        }
        #expect(try paywall([]).contains("Feature 2"))
        for language in languages {
            #expect(try !paywall(["--lang", language]).contains("Feature 2"), "\(language)")
        }
    }

    @Test(
        "--plain and dump speak the reader's language, from LANG or --lang",
        arguments: [
            (["LANG=de_DE.UTF-8"], [], "Willkommen bei Skies", "Weiter für"),
            (["LANG=en_US.UTF-8"], ["--lang", "ar"], "مرحبًا بك في Skies", "تابع مقابل"),
            (["LANGUAGE=fr:de", "LANG=fr_FR.UTF-8"], [], "Willkommen bei Skies", "Weiter für"),
            (["LANG=pt_BR.UTF-8"], [], "Welcome to Skies", "Continue for"),
            ([], [], "Welcome to Skies", "Continue for"),
        ] as [([String], [String], String, String)])
    func theReadersLanguage(environment: [String], options: [String], heading: String, button: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plain = try Self.run(
            options + ["--deck", Self.example, "--plain", "--state-dir", directory.path("state")],
            environment: environment)
        #expect(plain.status == 0, "\(plain.standardError)")
        // A right-to-left heading beside the counter is an isolate of its own (FSI … PDI).
        let isolates = { (text: String) in
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) }))
        }
        #expect(isolates(plain.standardOutput).contains("[1/3] \(heading)\n"), "\(plain.standardOutput)")
        let dump = try Self.run(options + ["dump", Self.example], environment: environment)
        #expect(dump.status == 0, "\(dump.standardError)")
        // The page's header is the heading as written; the screen below it is in visual order
        // (RightToLeftEndToEndTests checks that), so a right-to-left button is not looked for.
        #expect(isolates(dump.standardOutput).contains("--- page 1/3: \(heading) ---"), "\(dump.standardOutput)")
        if !button.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) }) {
            #expect(dump.standardOutput.contains(button), "\(dump.standardOutput)")
        }
    }

    @Test("validate reports a misspelt variable in the German copy with its position, and a missing language")
    func validateChecksEveryLanguage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = try String(
            contentsOf: BuiltBinary.repositoryRoot.appendingPathComponent("Examples/Languages/catalog.json"),
            encoding: .utf8)
        let misspelt = catalog.replacingOccurrences(
            of: #""de": "Weiter für {{ price_per_period }}""#, with: #""de": "Weiter für {{ price_per_perod }}""#)
        #expect(misspelt != catalog)
        let catalogPath = try directory.write(misspelt, to: "catalog.json")
        let deck = try directory.write(
            """
            {
              "app": {"id": "a.b", "name": "App"},
              "catalog": "catalog.json",
              "pages": [
                {"kind": "step", "heading": {"default": "Welcome", "de": "Willkommen"}},
                {"kind": "step", "heading": "Two"},
                {"kind": "paywall"}
              ]
            }
            """, to: "deck.json")
        // Whatever the reader's language, every language is checked.
        for environment in [["LANG=de_DE.UTF-8"], ["LANG=en_US.UTF-8"]] {
            let result = try Self.run(["validate", deck, catalogPath], environment: environment)
            #expect(result.status == 65)
            let lines = result.standardError.split(separator: "\n").map(String.init)
            #expect(
                lines.contains(
                    "tui-onboard: \(catalogPath):55:17: error: offerings[0].copy.callToAction.de: unknown variable {{ price_per_perod }} (did you mean {{ price_per_period }}?); the paywall would show it as written"
                ), "\(lines)")
            #expect(
                lines.contains(
                    #"tui-onboard: \#(deck):6:33: warning: pages[1].heading: no "de" text, which other texts of this deck have (its languages: de); give it as {"default": "…", "de": "…"}, or readers of de see this string"#
                ), "\(lines)")
        }
    }
}

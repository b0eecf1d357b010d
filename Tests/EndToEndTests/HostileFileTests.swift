import Foundation
import Testing

/// Files that are not what they claim: FIFOs and devices where a deck, art or catalog should
/// be, decks over the size limit, and names built to forge lines on stderr.
@Suite("Hostile files", .timeLimit(.minutes(10)))
struct HostileFileTests {
    static let paywallDeck = """
        {"app": {"id": "a.b", "name": "App"}, "catalog": "catalog.json",
         "pages": [{"kind": "paywall"}]}
        """

    static let artDeck = """
        {"app": {"id": "a.b", "name": "App"}, "pages": [{"kind": "step", "image": "art.txt", "heading": "h"}]}
        """

    private func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.path(), arguments)
    }

    @Test("a FIFO named as a deck is refused at once with 66, in a run and in validate")
    func fifoDeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path("deck.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        for arguments in [["validate", fifo], ["--deck", fifo, "--plain"], ["--deck", fifo]] {
            let result = try run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(fifo), "\(result.standardError)")
            #expect(result.standardError.contains(": is a FIFO, not a regular file"), "\(result.standardError)")
        }
    }

    @Test("a FIFO as the catalog is refused with 66, named in the deck or with --catalog")
    func fifoCatalog() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.paywallDeck, to: "deck.json")
        let fifo = directory.path("catalog.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let other = directory.path("other.storekit")
        try #require(mkfifo(other, 0o600) == 0)
        for arguments in [
            ["validate", deck], ["--deck", deck, "--plain"], ["--deck", deck, "--plain", "--catalog", other],
            ["validate", other],
        ] {
            let result = try run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("is a FIFO, not a regular file"), "\(result.standardError)")
        }
    }

    @Test("a FIFO as art is a deck error (65) naming the art file")
    func fifoArt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try directory.write(Self.artDeck, to: "deck.json")
        try #require(mkfifo(directory.path("art.txt"), 0o600) == 0)
        for arguments in [["validate", deck], ["--deck", deck, "--plain"]] {
            let result = try run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.contains("art.txt\": is a FIFO, not a regular file"), "\(result.standardError)")
        }
    }

    @Test("/dev/stdin, a device and a directory are refused with 66")
    func devices() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (path, kind) in [
            ("/dev/stdin", "a character device"), ("/dev/zero", "a character device"),
            (directory.path(""), "a directory"),
        ] {
            let validated = try run(["validate", path])
            #expect(validated.status == 66, "\(path): \(validated.standardError)")
            #expect(validated.standardError.contains("is \(kind), not a regular file"), "\(validated.standardError)")
            let ran = try run(["--deck", path, "--plain"])
            #expect(ran.status == 66, "\(path): \(ran.standardError)")
        }
    }

    @Test("a deck over 10 MiB exits 65 both in a run and in validate")
    func tooLargeDeck() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = directory.path("huge.json")
        try Data(repeating: 0x20, count: 10 * 1024 * 1024 + 1).write(to: URL(fileURLWithPath: deck))
        for arguments in [["validate", deck], ["--deck", deck, "--plain"], ["--deck", deck]] {
            let result = try run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("over the limit of 10 MiB"), "\(result.standardError)")
        }
    }

    @Test("a license file over 64 KiB says so in KiB, with its bytes, and exits 65")
    func tooLargeLicense() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let license = directory.path("big.license")
        try Data(repeating: 0x41, count: 64 * 1024 + 1).write(to: URL(fileURLWithPath: license))
        // RFC 8032's first test key: any key will do, the file is refused before it is read.
        let key = "ed25519:d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        let result = try run(["license", "add", license, "--public-key", key, "--state-dir", directory.path("state")])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.standardError.contains("file is 65537 bytes, over the limit of 64 KiB (65536 bytes)"),
            "\(result.standardError)")
    }

    /// Every control character, DEL and the Unicode line breaks, as JSON escapes.
    static let lineBreakers: [String] =
        (0..<0x20).map { String(format: "\\u%04x", $0) } + ["\\u007f", "\\u0085", "\\u2028", "\\u2029"]

    @Test("every diagnostic is one line, whatever a member name holds")
    func diagnosticsAreOneLineEach() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Unknown members are warnings: one per name, each naming it.
        let forged = "\\ntui-onboard: deck.json: valid\\n"
        let members = Self.lineBreakers.enumerated().map { "\"m\($0.offset)\($0.element)x\(forged)\": 1" }
        let deck = try directory.write(
            #"{"app": {"id": "a.b", "name": "App"}, "pages": [{"kind": "step", "heading": "h"}], "#
                + members.joined(separator: ", ") + "}",
            to: "deck.json")
        let result = try run(["validate", deck])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == Self.lineBreakers.count, "stderr: \(result.standardError.debugDescription)")
        #expect(lines.allSatisfy { $0.hasPrefix("tui-onboard: \(deck):1:") && $0.contains(": warning: ") })
        #expect(!result.standardError.contains("\r"))

        // A syntax error quoting a member name.
        for breaker in Self.lineBreakers {
            let bad = try directory.write(#"{"a\#(breaker)\#(forged)" 1}"#, to: "bad.json")
            let refused = try run(["validate", bad])
            #expect(refused.status == 65)
            let text = refused.standardError
            #expect(
                text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1, "\(breaker): \(text.debugDescription)")
            #expect(text.contains("expected ':' after member name"), "\(text.debugDescription)")
        }
    }
}

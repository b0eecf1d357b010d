import OnboardKit
import Testing

@Suite struct PathTextTests {
    @Test func directoriesNamesAndJoins() {
        #expect(PathText.directory(of: "a/b/c.json") == "a/b")
        #expect(PathText.directory(of: "c.json") == ".")
        #expect(PathText.directory(of: "/c.json") == "/")
        #expect(PathText.baseName(of: "a/b/c.json") == "c.json")
        #expect(PathText.baseName(of: "c.json") == "c.json")
        #expect(PathText.join("a/b", "c.json") == "a/b/c.json")
        #expect(PathText.join("a/b/", "c.json") == "a/b/c.json")
        #expect(PathText.resolve("art.txt", in: "decks") == "decks/art.txt")
        #expect(PathText.resolve("art.txt", in: ".") == "./art.txt")
        #expect(PathText.resolve("/etc/art.txt", in: "decks") == "/etc/art.txt")
        #expect(PathText.resolve("art.txt", in: "/") == "/art.txt")
    }

    @Test func zeroPaddedDigits() {
        #expect(String(zeroPadded: 10, radix: 16, width: 2, uppercase: true) == "0A")
        #expect(String(zeroPadded: 0x1F, radix: 16, width: 4) == "001f")
        #expect(String(zeroPadded: 7, width: 6) == "000007")
        #expect(String(zeroPadded: 123_456, width: 3) == "123456")
    }
}

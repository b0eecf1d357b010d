import Foundation
import Testing

@testable import OnboardKit

/// Right-to-left text in visual order, checked against GNU FriBidi's own command-line tool
/// (`fribidi`, Debian's libfribidi-bin) and against python-bidi, an implementation of UAX #9
/// of its own. Both are in `make test-deps`; a test whose tool is missing is skipped and says
/// which package brings it.
@Suite struct BidiTextTests {
    /// Mixed lines as a deck or a paywall has them: Latin names, digits, prices, brackets,
    /// Arabic with harakat, and every kind of direction mark an author may write.
    static let mixedLines = [
        "שלום world",
        "abc אבג 123 def",
        "המחיר הוא 9.99 $ לחודש",
        "Pro: ₪ 39.90 לשנה (חודש ראשון חינם)",
        "مرحبا بكم في Thai Drive 1.5",
        "اشترك مقابل 9.99 US$ شهريا",
        "السعر ١٢٣٫٥٠ ر.س",
        "مَرْحَبًا يا صديقي",
        "עִבְרִית עם ניקוד",
        "Version 2 of \"אפליקציה\" (beta)",
        "a\u{200F}b (c) d",
        "\u{200F}9.99 $",
        "abc \u{2067}שלום abc\u{2069} def",
        "\u{2068}שלום\u{2069} is hello",
        "\u{202B}abc def\u{202C} ghi",
        "\u{202E}abc def\u{202C} ghi",
        "\u{202D}אבג דהו\u{202C} זחט",
        "x \u{061C}123 y",
        "emoji ★ בעברית ☆ כאן",
        "  שלום  ",
    ]

    /// What an outsider's line looks like once the direction marks it leaves in (FriBidi keeps
    /// ALM, python-bidi every mark) are taken out, as the screen has no cell for them.
    static func withoutMarks(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.filter { !BidiText.isDirectionControl($0.value) }))
    }

    @Test(.enabled(if: BidiTool.fribidi.isInstalled, BidiTool.fribidi.missingMessage))
    func mixedLinesMatchFriBidisOwnTool() throws {
        for direction in [TextDirection?.none, .leftToRight, .rightToLeft] {
            let expected = try BidiTool.fribidiVisual(Self.mixedLines, direction: direction)
            for (line, theirs) in zip(Self.mixedLines, expected) {
                let ours = BidiText.visualLine(line, direction: direction)
                #expect(ours == Self.withoutMarks(theirs), "\(line.debugDescription) \(String(describing: direction))")
            }
        }
    }

    /// python-bidi mirrors no bracket, shapes no Arabic and leaves marks before their letters
    /// (it leaves all three to the font), so it gets the lines that have none of them.
    @Test(.enabled(if: BidiTool.pythonBidi.isInstalled, BidiTool.pythonBidi.missingMessage))
    func hebrewLinesMatchPythonBidi() throws {
        let lines = Self.mixedLines.filter { line in
            !line.unicodeScalars.contains {
                (0x0600...0x06FF).contains($0.value) || (0x0591...0x05C7).contains($0.value)
                    || "()\"".unicodeScalars.contains($0) || (0x2066...0x2069).contains($0.value)
            }
        }
        #expect(lines.count >= 8)
        let expected = try BidiTool.pythonBidiVisual(lines)
        for (line, theirs) in zip(lines, expected) {
            #expect(BidiText.visualLine(line) == Self.withoutMarks(theirs), "\(line.debugDescription)")
        }
    }

    /// Both outsiders reverse scalars, so an emoji of several (a skin tone, a ZWJ family) comes
    /// apart in their right-to-left runs; here each moves as one cluster, where a one-scalar
    /// symbol of the same bidi class (★, ☆) would go.
    @Test func anEmojiOfSeveralScalarsMovesWhole() {
        for direction in [TextDirection?.none, .rightToLeft] {
            let withSymbols = BidiText.visualLine("emoji ★ בעברית ☆ כאן", direction: direction)
            let withEmoji = BidiText.visualLine("emoji 👍🏽 בעברית 👩‍👩‍👧 כאן", direction: direction)
            #expect(withEmoji == withSymbols.replacing("★", with: "👍🏽").replacing("☆", with: "👩‍👩‍👧"))
        }
    }

    @Test func aHarakaStaysOnItsLetter() {
        // meem fatha, ra sukun: the marks follow their letters into the same cells.
        let visual = BidiText.visualLine("\u{0645}\u{064E}\u{0631}\u{0652}")
        let cells = Array(visual)
        #expect(cells.count == 2)
        #expect(cells.allSatisfy { $0.unicodeScalars.count == 2 })
        #expect(DisplayWidth.of(visual) == 2)
    }

    @Test func directionMarksAreUsedAndTakeNoCell() {
        let line = "\u{202E}abc\u{202C} \u{200E}x\u{2066}y\u{2069}"
        let visual = BidiText.visualLine(line)
        #expect(visual == "cba xy")
        #expect(!visual.unicodeScalars.contains { BidiText.isDirectionControl($0.value) })
        #expect(DisplayWidth.of(line) == DisplayWidth.of(visual))
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw(line, x: 0, y: 0)
        #expect(canvas.lines == ["cba xy"])
    }

    @Test func textWithNothingRightToLeftIsLeftAsItIs() {
        for line in ["Continue for $9.99/mo", "Grüße — 日本語 👍🏽", "Цена: 99 ₽"] {
            #expect(BidiText.visualLine(line) == line)
        }
    }

    @Test(arguments: [
        ("שלום world", TextDirection.rightToLeft), ("world שלום", .leftToRight), ("مرحبا", .rightToLeft),
        ("\u{2067}שלום\u{2069} world", .leftToRight), ("\u{200F}9.99", .rightToLeft),
    ])
    func aParagraphTakesTheDirectionOfItsFirstStrongCharacter(text: String, direction: TextDirection) {
        #expect(BidiText.direction(of: text) == direction)
    }

    @Test func aParagraphWithoutLettersHasNoDirection() {
        #expect(BidiText.direction(of: "9.99 $") == nil)
        #expect(BidiText.direction(of: "") == nil)
    }

    /// A line that a wrap cut from a right-to-left paragraph is drawn right-to-left, even when
    /// it opens with a Latin word.
    @Test func aWrappedLineKeepsItsParagraphsDirection() {
        #expect(BidiText.visualLine("Pro מנוי", direction: .rightToLeft) == "יונמ Pro")
        #expect(BidiText.visualLine("Pro מנוי") == "Pro יונמ")
    }
}

/// The outside implementations of UAX #9 the tests compare with, and how to run them.
enum BidiTool {
    case fribidi
    case pythonBidi

    var isInstalled: Bool {
        switch self {
        case .fribidi: (try? Self.run(["fribidi", "--version"], input: "")) != nil
        case .pythonBidi: Self.pythonWithBidi != nil
        }
    }

    /// The first Python that has python-bidi: the one on the path (PyPI's), else Debian's.
    static let pythonWithBidi = ["python3", "/usr/bin/python3"].first { python in
        (try? run([python, "-c", "import bidi.algorithm"], input: "")) != nil
    }

    var missingMessage: Comment {
        switch self {
        case .fribidi: "the fribidi tool is missing: apt-get install libfribidi-bin (make test-deps)"
        case .pythonBidi: "python-bidi is missing: apt-get install python3-bidi (make test-deps)"
        }
    }

    /// Each line through `fribidi`, one paragraph a line: marks removed (`--clean`), marks
    /// after their letters (`--reordernsm`), neither padded nor broken.
    static func fribidiVisual(_ lines: [String], direction: TextDirection?) throws -> [String] {
        var arguments = ["fribidi", "--nopad", "--nobreak", "--clean", "--reordernsm"]
        switch direction {
        case .leftToRight: arguments.append("--ltr")
        case .rightToLeft: arguments.append("--rtl")
        case nil: break
        }
        return try run(arguments, input: lines.joined(separator: "\n") + "\n")
    }

    static func pythonBidiVisual(_ lines: [String]) throws -> [String] {
        let script = """
            import sys
            from bidi.algorithm import get_display
            for line in sys.stdin.read().split("\\n")[:-1]:
                print(get_display(line))
            """
        return try run([pythonWithBidi ?? "python3", "-c", script], input: lines.joined(separator: "\n") + "\n")
    }

    /// The lines `command` prints for `input`; throws when it cannot start or fails.
    static func run(_ command: [String], input: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        var lines = String(decoding: output, as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

import Foundation
import Testing

@testable import OnboardKit

/// Text that is not ours, kept apart from ours: an author's unbalanced direction controls are
/// left out, every value is an isolate of its own, and lines with sibling isolates are ordered
/// as UAX #9 says, which GNU FriBidi 1.0.8 alone does not do.
@Suite struct BidiIsolationTests {
    static let rlo = "\u{202E}", lro = "\u{202D}", rle = "\u{202B}", lre = "\u{202A}", pdf = "\u{202C}"
    static let lri = "\u{2066}", rli = "\u{2067}", fsi = "\u{2068}", pdi = "\u{2069}"
    static let rlm = "\u{200F}", lrm = "\u{200E}", alm = "\u{061C}"

    /// (text, what `balanced` keeps of it).
    static let balancing: [(String, String)] = [
        ("Pro Monthly" + rlo, "Pro Monthly"),
        (rlo + "Pro Monthly", "Pro Monthly"),
        (pdi + rlo + "Pro", "Pro"),
        (pdf + "Pro" + pdi, "Pro"),
        (rle + "Pro" + pdf, rle + "Pro" + pdf),
        (rli + "Pro" + pdi, rli + "Pro" + pdi),
        (fsi + "a" + rlo + "b" + pdi + "c", fsi + "a" + "b" + pdi + "c"),
        (rlo + "a" + rli + "b" + pdf + "c" + pdi + pdf, rlo + "a" + rli + "b" + "c" + pdi + pdf),
        (lri + "a" + pdf + pdi, lri + "a" + pdi),
        ("a" + rlm + "b" + alm + lrm, "a" + rlm + "b" + alm + lrm),
        (rlo + "a\nb" + pdf, "a\nb"),
        (rle + "a" + pdf + "\n" + rli + "b" + pdi, rle + "a" + pdf + "\n" + rli + "b" + pdi),
        (
            String(repeating: rli, count: 40) + "x" + String(repeating: pdi, count: 40),
            String(repeating: rli, count: BidiText.maximumAuthorNesting) + "x"
                + String(repeating: pdi, count: BidiText.maximumAuthorNesting)
        ),
        ("no controls at all … — fine", "no controls at all … — fine"),
    ]

    @Test(arguments: balancing)
    func unbalancedControlsAreLeftOutAndPairsKept(text: String, kept: String) {
        #expect(BidiText.balanced(text) == kept, "\(text.debugDescription)")
        #expect(SafeText.sanitize(text, keepingNewlines: true) == kept)
    }

    @Test(arguments: ["Pro", "$99.99", rlo + "Pro", "Pro" + pdi + rlo, "\u{200F}39.99 US$", "שלום", ""])
    func everyValueIsOneBalancedIsolate(value: String) {
        let isolated = BidiText.isolated(value)
        let scalars = Array(isolated.unicodeScalars)
        #expect(scalars.first.map { (0x2066...0x2068).contains($0.value) } == true)
        #expect(scalars.last?.value == 0x2069)
        #expect(BidiText.balanced(isolated) == isolated, "nothing inside closes it early or leaves one open")
    }

    /// A price per period is made of isolates with a slash between: isolated again, it keeps the
    /// order it had in the sentence it was made for.
    @Test func aValueOfIsolatesIsIsolatedInTheDirectionOfItsSentence() {
        let perPeriod = Messages(language: "ar", lookup: nil).text(
            "{{ price }}/{{ period }}", ["price": "$39.99", "period": "سنة"])
        let sentence = "اشترك " + BidiText.isolated(perPeriod, surrounding: .rightToLeft) + " الآن"
        let unwrapped = "اشترك " + perPeriod + " الآن"
        #expect(BidiText.isolated(perPeriod, surrounding: .rightToLeft).hasPrefix(Self.rli))
        #expect(
            BidiText.visualLine(sentence, direction: .rightToLeft)
                == BidiText.visualLine(unwrapped, direction: .rightToLeft))
    }

    /// Lines with isolates side by side, as the paywall's rows and sentences have them: a name
    /// that ends in an Arabic letter, then a price. FriBidi 1.0.8 let the Arabic letter make
    /// the price's digits Arabic numbers ("99.99$").
    static let siblingIsolates: [(line: String, direction: TextDirection)] = [
        (" ○ \u{2068}Pro مدى الحياة\u{2069}  \u{2068}$99.99\u{2069}", .rightToLeft),
        (" ○ \u{2068}Pro مدى الحياة\u{2069}  \u{2068}$99.99\u{2069}", .leftToRight),
        ("\u{2068}P م\u{2069}\u{2068}$9\u{2069}", .rightToLeft),
        ("اشتر \u{2068}Pro شهري\u{2069} مقابل \u{2068}$4.99\u{2069}/\u{2068}شهر\u{2069}", .rightToLeft),
        ("Buy \u{2068}Pro شهري\u{2069} for \u{2068}$4.99\u{2069} now", .leftToRight),
        ("\u{2066}abc ش\u{2069} \u{2066}12.50\u{2069} \u{2067}xyz\u{2069}", .rightToLeft),
        ("\u{2068}x \u{2068}ب\u{2069}\u{2069} \u{2068}\u{2068}3.5\u{2069}\u{2069}", .leftToRight),
        ("\u{2068}ש 1\u{2069} \u{2068}2 ש\u{2069} \u{2068}3\u{2069}", .rightToLeft),
    ]

    @Test func aPriceBesideANameEndingInArabicKeepsItsOrder() {
        for (line, direction) in Self.siblingIsolates.prefix(2) {
            #expect(BidiText.visualLine(line, direction: direction).contains("$99.99"), "\(line.debugDescription)")
        }
    }

    @Test(.enabled(if: IsolatingBidi.python != nil, IsolatingBidi.missingMessage))
    func siblingIsolatesMatchPythonBidi() throws {
        let theirs = try IsolatingBidi.visual(Self.siblingIsolates)
        for ((line, direction), expected) in zip(Self.siblingIsolates, theirs) {
            let ours = IsolatingBidi.unshaped(BidiText.visualLine(line, direction: direction))
            #expect(ours == BidiTextTests.withoutMarks(expected), "\(line.debugDescription) \(direction)")
        }
    }

    /// A wrap that cuts an isolate (and the override inside it) opens both again on the next
    /// line, so the name's end is still apart from the words after it there, and still turned
    /// as its author turned it.
    @Test func aWrappedLineOpensAgainWhatTheLineBeforeLeftOpen() throws {
        let name = BidiText.isolated("Pro \u{202E}Monthly Plus\u{202C}")
        let lines = TextLayout.wrap("Subscribed to " + name + " for good", width: 26)
        try #require(lines.count == 2)
        #expect(lines[1].hasPrefix(Self.fsi + Self.rlo), "\(lines[1].debugDescription)")
        #expect(BidiText.visualLine(lines[0]) == "Subscribed to Pro ylhtnoM")
        #expect(BidiText.visualLine(lines[1]) == "sulP for good")
    }
}

/// python-bidi from 0.5 on (its Rust core, `bidi.get_display`), which knows isolates; Debian's
/// 0.4 does not.
enum IsolatingBidi {
    static let python = ["python3", "/usr/bin/python3"].first { python in
        (try? BidiTool.run([python, "-c", "from bidi import get_display; get_display('\\u2068a\\u2069')"], input: ""))
            != nil
    }

    static let missingMessage: Comment = "python-bidi 0.5 or later is missing: pip install python-bidi"

    /// Each line in visual order, marks and isolates left where they are; no mirroring, no shaping.
    static func visual(_ lines: [(line: String, direction: TextDirection)]) throws -> [String] {
        let script = """
            import sys
            from bidi import get_display
            for line in sys.stdin.read().split("\\n")[:-1]:
                print(get_display(line[1:], base_dir=line[0]))
            """
        let input = lines.map { ($0.direction == .rightToLeft ? "R" : "L") + $0.line }.joined(separator: "\n")
        return try BidiTool.run([python ?? "python3", "-c", script], input: input + "\n")
    }

    /// Arabic presentation forms back to their letters, for comparing with an implementation
    /// that leaves shaping to the font.
    static func unshaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if (0xFB50...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value) {
                result += String(scalar).precomposedStringWithCompatibilityMapping
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

import OnboardBase
import Testing

@testable import OnboardKit

/// Asciicast files as `--record` and asciinema write them, and every way one can be wrong.
@Suite struct AsciicastTests {
    static let header = #"{"version": 2, "width": 80, "height": 24}"#

    @Test func ourOwnRecordingIsReadWithItsResizesAndNothingOfInputOrMarkers() throws {
        let file = [
            #"{"version": 2, "width": 80, "height": 24, "timestamp": 1767225600, "env": {"SHELL": "/bin/sh", "TERM": "xterm-256color"}}"#,
            #"[0.000000, "o", "\u001b[?1049h\u001b[1;1Hhi"]"#,
            #"[0.5, "i", "q"]"#,
            #"[0.75, "m", "chapter"]"#,
            #"[1.250000, "r", "70x20"]"#,
            #"[1.250000, "o", "中"]"#,
            "",
        ].joined(separator: "\r\n")
        let cast = try Asciicast(reading: Array(file.utf8))
        #expect(cast.version == 2 && cast.width == 80 && cast.height == 24)
        #expect(cast.title == nil && cast.idleTimeLimit == nil)
        #expect(
            cast.events == [
                .output(time: 0, text: "\u{1B}[?1049h\u{1B}[1;1Hhi"), .resize(time: 1.25, width: 70, height: 20),
                .output(time: 1.25, text: "中"),
            ])
    }

    @Test func theTitleAndIdleLimitOfAsciinemasHeaderAreKept() throws {
        let file = #"{"version": 2, "width": 100, "height": 30, "title": "Demo", "idle_time_limit": 1.5}"# + "\n"
        let cast = try Asciicast(reading: Array(file.utf8))
        #expect(cast.title == "Demo" && cast.idleTimeLimit == 1.5 && cast.events.isEmpty)
    }

    @Test func versionOneIsOneDocumentOfDelays() throws {
        let file = """
            {
              "version": 1, "width": 40, "height": 10, "duration": 1.5, "title": "Old",
              "stdout": [[0.5, "a"], [0.25, "b"], [0.75, "c"]]
            }
            """
        let cast = try Asciicast(reading: Array(file.utf8))
        #expect(cast.version == 1 && cast.width == 40 && cast.height == 10 && cast.title == "Old")
        #expect(
            cast.events == [
                .output(time: 0.5, text: "a"), .output(time: 0.75, text: "b"), .output(time: 1.5, text: "c"),
            ])
    }

    @Test(
        arguments: [
            ([""], "the file is empty; an asciicast starts with a header", nil),
            (["  ", ""], "the file is empty; an asciicast starts with a header", nil),
            (["hello"], "not JSON: ", "1:1"),
            ([#"{"version": 2, "width": 80"#], "not JSON: ", "1:27"),
            ([#"[1, "o", "x"]"#], "expected the header object", "1:1"),
            ([#"{"width": 80, "height": 24}"#], "the header has no \"version\"", "1:1"),
            ([#"{"version": 3, "term": {"cols": 80}}"#], "asciicast version 3 is not one tui-onboard reads", "1:13"),
            ([#"{"version": "2"}"#], "asciicast version a string is not one tui-onboard reads", "1:13"),
            ([#"{"version": 2, "height": 24}"#], "the header has no \"width\", the terminal's columns", "1:1"),
            (
                [#"{"version": 2, "width": 100000, "height": 24}"#],
                "\"width\" is 100000; a replay has from 1 to 500 columns", "1:25"
            ),
            (
                [#"{"version": 2, "width": 80, "height": 0}"#], "\"height\" is 0; a replay has from 1 to 200 rows",
                "1:39"
            ),
            (
                [#"{"version": 2, "width": "80", "height": 24}"#],
                "expected \"width\" as a whole number of columns, found a string", "1:25"
            ),
            (
                [#"{"version": 2, "width": 80.5, "height": 24}"#],
                "expected \"width\" as a whole number of columns, found 80.5", "1:25"
            ),
            (
                [#"{"version": 2, "width": 80, "height": 24, "idle_time_limit": -2}"#],
                "\"idle_time_limit\" -2 is not a number of seconds from 0", "1:62"
            ),
            ([header, #"{"time": 1}"#], "expected an event [time, code, data], found an object", "2:1"),
            ([header, #"[1, "o"]"#], "expected an event [time, code, data], found an array of 2", "2:1"),
            ([header, "", #"  [1, "o", "a""#], "not JSON: ", "3:15"),
            ([header, #"["1", "o", "a"]"#], "expected the event's time in seconds, found a string", "2:2"),
            ([header, #"[-1, "o", "a"]"#], "the event's time -1 is not a number of seconds from 0", "2:2"),
            ([header, #"[1e999, "o", "a"]"#], "the event's time 1e999 is not a number of seconds from 0", "2:2"),
            (
                [header, #"[2.5, "o", "a"]"#, #"[1.5, "o", "b"]"#], "the time 1.5 is before the previous event's (2.5)",
                "3:2"
            ),
            (
                [header, #"[1, 2, "a"]"#], "expected the event's code (\"o\", \"r\", \"i\" or \"m\"), found a number",
                "2:5"
            ),
            ([header, #"[1, "x", "a"]"#], "unknown event code \"x\"", "2:5"),
            ([header, #"[1, "o", 5]"#], "expected the event's data as a string, found a number", "2:10"),
            (
                [header, #"[1, "r", "80by24"]"#], "a resize needs COLUMNSxROWS from 1x1 to 500x200, not \"80by24\"",
                "2:10"
            ),
            (
                [header, #"[1, "r", "501x24"]"#], "a resize needs COLUMNSxROWS from 1x1 to 500x200, not \"501x24\"",
                "2:10"
            ),
            ([#"{"version": 1, "width": 80, "height": 24}"#], "the recording has no \"stdout\"", "1:1"),
            (
                ["{\"version\": 1, \"width\": 80, \"height\": 24,", " \"stdout\": [[0.5, 1]]}"],
                "expected the text written, found a number", "2:19"
            ),
            (
                ["{\"version\": 1, \"width\": 80, \"height\": 24,", " \"stdout\": [\"a\"]}"],
                "expected a write [delay, text], found a string", "2:13"
            ),
            (["{\"version\": 1, \"width\": 80,", " \"height\": 24, \"stdout\": [[0.5, \"a\"]"], "not JSON: ", "2:37"),
        ] as [([String], String, String?)])
    func aBadRecordingSaysWhatAndWhere(lines: [String], message: String, location: String?) {
        let bytes = Array(lines.joined(separator: "\n").utf8)
        do {
            _ = try Asciicast(reading: bytes)
            Issue.record("read without an error: \(lines)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.location?.description == location, "\(error)")
        }
    }
}

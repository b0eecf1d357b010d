import Foundation
import Glibc
import Testing

/// `dump --animated-svg OUT.svg --from FILE.cast`: a real session recorded with `--record`,
/// played through libvterm into one SVG; and every recording it refuses, with its exit code.
@Suite("A recording as an animated SVG", .serialized)
struct RecordingPictureTests {
    @Test("the built-in tour recorded in tmux becomes a well-formed SVG of several frames and pages")
    func recordedTourBecomesAnSVG() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let cast = files.path("tour.cast")
        let terminal = try TmuxTerminal(
            arguments: ["--autoplay", "0.8", "--state-dir", files.path("state"), "--record", cast],
            capturingStandardError: true)
        defer { terminal.close() }
        try terminal.start()
        // Autoplay turns every page by itself, to the last.
        #expect(terminal.waitForText("You're ready") != nil, "the last page never came:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0, "the tour did not end:\n\(terminal.screen())")

        for theme in ["dark", "light"] {
            let svg = files.path("tour-\(theme).svg")
            // The debug build replays a 30 s tour in about 6 s, and a loaded machine takes longer.
            let result = try CommandRunner.run(
                try BuiltBinary.path(), ["dump", "--animated-svg", svg, "--from", cast, "--theme", theme],
                timeout: .seconds(120))
            #expect(result.status == 0, "stderr: \(result.standardError)")
            #expect(result.standardOutput == svg + "\n")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            // Well-formed XML, as a browser and GitHub read it.
            let check = try CommandRunner.run(
                "/usr/bin/python3", ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])", svg])
            #expect(check.status == 0, "not well-formed: \(check.standardError)")
            let frames = text.components(separatedBy: "<g class=\"f f").count - 1
            #expect(frames >= 10, "only \(frames) frames")
            // The first page's heading as a word (its confetti may cross the heading, or share
            // its colour and its text element, for as long as it rests), and the whole headings
            // of two pages autoplay rests on with nothing moving over them.
            for heading in ["Welcome", ">Make it yours</text>", ">What will you build with it?</text>"] {
                #expect(text.contains(heading), "no \(heading) in the picture")
            }
            let size = try FileManager.default.attributesOfItem(atPath: svg)[.size] as? Int ?? 0
            #expect(size > 10_000 && size < 8_000_000, "\(size) bytes")
            let background = theme == "light" ? "#fafafa" : "#1c1c1c"
            #expect(text.contains("<rect width=\"800\" height=\"480\" fill=\"\(background)\"/>"))
        }
    }

    @Test("asciinema's own recording plays, in its colours and at its size")
    func asciinemaRecordingPlays() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let cast = files.path("asciinema.cast")
        // asciinema records a terminal: `script` gives it one, of a known size.
        let command =
            "stty cols 60 rows 10; asciinema rec -q --overwrite -c \"printf '\\033[31mred\\033[0m plain'\" \(cast)"
        let recorded = try CommandRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"], timeout: .seconds(30))
        #expect(recorded.status == 0, "asciinema rec failed: \(recorded.standardOutput)\(recorded.standardError)")
        let svg = files.path("asciinema.svg")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["dump", "--animated-svg", svg, "--from", cast])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("width=\"600\" height=\"200\""))
        #expect(text.contains("fill=\"#cd0000\">red</text>") && text.contains("fill=\"#e5e5e5\">plain</text>"))
    }

    @Test("a recording longer than a picture plays is cut at 120 s, and the command says so")
    func longRecordingIsCut() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let lines = [
            #"{"version": 2, "width": 20, "height": 2, "idle_time_limit": 100}"#, #"[0, "o", "first"]"#,
            #"[100, "o", "\r\nsecond"]"#, #"[200, "o", "\r\nthird"]"#,
        ]
        let cast = try files.write(lines.joined(separator: "\n") + "\n", to: "long.cast")
        let svg = files.path("long.svg")
        let result = try CommandRunner.run(try BuiltBinary.path(), ["dump", "--animated-svg", svg, "--from", cast])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let notice = "\(cast) plays 200 s (pauses over 100 s shortened); the picture keeps its first 120 s"
        #expect(result.standardError.contains(notice), "stderr: \(result.standardError)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(">second</text>") && !text.contains(">third</text>"))
        #expect(text.contains("animation-duration:120s;"))
    }

    @Test(
        "a recording it cannot play: missing or a FIFO 66; not an asciicast, too large 65; an unwritable picture 74",
        arguments: [
            ("MISSING", Int32(66), "PATH: no such file"),
            ("FIFO", 66, "PATH: is a FIFO, not a regular file"),
            ("HUGE", 65, "PATH: file is"),
            ("NOTJSON", 65, "PATH:1:1: not JSON"),
            ("BACKWARDS", 65, "PATH:3:2: the time 0.5 is before the previous event's (1.5)"),
            ("VERSION3", 65, "PATH:1:13: asciicast version 3 is not one tui-onboard reads"),
            ("WIDE", 65, "PATH:1:25: \"width\" is 9999; a replay has from 1 to 500 columns"),
        ])
    func refusedRecordings(input: String, status: Int32, message: String) throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let header = #"{"version": 2, "width": 20, "height": 5}"#
        let paths = [
            "MISSING": files.path("missing.cast"),
            "FIFO": files.path("fifo.cast"),
            "HUGE": try files.write(String(repeating: " ", count: 10 * 1024 * 1024), to: "huge.cast"),
            "NOTJSON": try files.write("Script started on 2026-12-07\n", to: "typescript.cast"),
            "BACKWARDS": try files.write(
                header + "\n[1.5, \"o\", \"a\"]\n[0.5, \"o\", \"b\"]\n", to: "backwards.cast"),
            "VERSION3": try files.write(#"{"version": 3, "term": {"cols": 80, "rows": 24}}"# + "\n", to: "v3.cast"),
            "WIDE": try files.write(#"{"version": 2, "width": 9999, "height": 24}"# + "\n", to: "wide.cast"),
        ]
        #expect(mkfifo(files.path("fifo.cast"), 0o600) == 0)
        let path = try #require(paths[input])
        let svg = files.path("out.svg")
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["dump", "--animated-svg", svg, "--from", path], timeout: .seconds(30))
        #expect(result.status == status, "stderr: \(result.standardError)")
        let expected = message.replacingOccurrences(of: "PATH", with: path)
        #expect(result.standardError.contains(expected), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty && !FileManager.default.fileExists(atPath: svg))
    }

    @Test("a picture that cannot be written is an I/O error, 74")
    func unwritablePicture() throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let cast = try files.write(
            #"{"version": 2, "width": 20, "height": 5}"# + "\n[0, \"o\", \"hi\"]\n", to: "a.cast")
        let result = try CommandRunner.run(
            try BuiltBinary.path(), ["dump", "--animated-svg", files.path("no/such/dir/out.svg"), "--from", cast])
        #expect(result.status == 74, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("could not"), "stderr: \(result.standardError)")
    }
}

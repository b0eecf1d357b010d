import Foundation
import Testing

/// PNG pictures in real terminals under a virtual X display: xterm as a VT340 gets a sixel
/// image and kitty its own protocol, each found by asking the terminal, and the picture's pixels
/// land on the cells the page gives it: the same cells the half blocks take in the same
/// terminal, with the PNG's own colours, left half green and right half blue.
@Suite(.serialized, .enabled(if: XvfbDisplay.isAvailable, "needs xvfb, xterm and imagemagick (make deps)"))
struct RealTerminalPictureTests {
    static let green = (0, 255, 0)
    static let blue = (0, 0, 255)
    /// The same colours as half blocks in an 8-colour terminal (xterm's palette).
    static let basicGreen = (0, 205, 0)
    static let basicBlue = (0, 0, 238)

    /// A deck of one page with a 96x52 picture, left half green and right half blue.
    static func deck(in directory: TemporaryDirectory) throws -> String {
        let convert = try SystemTool.path("convert", package: "imagemagick")
        let picture = directory.path("halves.png")
        let status = try ChildProcess.run(
            convert,
            [
                "-size", "48x52", "xc:rgb(0,255,0)", "-size", "48x52", "xc:rgb(0,0,255)", "+append", "-strip",
                "PNG24:\(picture)",
            ], standardOutput: nil, standardError: nil)
        guard status == 0 else { throw EndToEndError("convert could not make the picture (exit \(status))") }
        return try directory.write(
            #"{"app": {"id": "pictures", "name": "Pictures"}, "pages": [{"kind": "step", "image": "halves.png", "alt": "Two halves", "heading": "Halves"}]}"#,
            to: "deck.json")
    }

    static func said(in directory: TemporaryDirectory, _ name: String) -> String {
        (try? String(contentsOfFile: directory.path(name), encoding: .utf8)) ?? ""
    }

    typealias Box = (x: Int, y: Int, width: Int, height: Int)

    /// Where the two colours show together, once they do.
    static func awaitPicture(
        on display: XvfbDisplay, in directory: TemporaryDirectory, left: (Int, Int, Int), right: (Int, Int, Int)
    ) throws -> (box: Box, screen: Screenshot)? {
        var lastError: Error?
        var taken = 0
        // A terminal starting on a loaded machine takes its time: a wait ends when it shows.
        let found = Polling.value(timeout: .seconds(90)) { () -> (Box, Screenshot)? in
            do {
                let screen = try display.screenshot(into: directory)
                taken += 1
                guard let first = screen.bounds(of: left), let second = screen.bounds(of: right) else { return nil }
                let x = min(first.x, second.x)
                let y = min(first.y, second.y)
                let box = (
                    x, y, max(first.x + first.width, second.x + second.width) - x,
                    max(first.y + first.height, second.y + second.height) - y
                )
                return (box, screen)
            } catch {
                lastError = error
                return nil
            }
        }
        if found == nil, taken == 0, let lastError { throw lastError }
        return found.map { (box: $0.0, screen: $0.1) }
    }

    /// The command line of the tour with `images`, in 8 colours unless `terminal` says otherwise
    /// (and in colour whatever the tests' own environment says).
    static func tour(_ deck: String, images: String, state: String, terminal: String = "xterm") throws -> [String] {
        [
            "/usr/bin/env", "-u", "NO_COLOR", "TERM=\(terminal)", "COLORTERM=", "XDG_STATE_HOME=\(state)",
            "XDG_CONFIG_HOME=\(state)",
            try BuiltBinary.path(), "--deck", deck, "--reduce-motion", "--images", images,
        ]
    }

    static func expectPicture(_ shown: Box, screen: Screenshot, on reference: Box, what: String) {
        #expect(
            abs(shown.x - reference.x) <= 1 && abs(shown.y - reference.y) <= 1
                && abs(shown.width - reference.width) <= 1 && abs(shown.height - reference.height) <= 1,
            "\(what) at \(shown), the page's cells at \(reference)")
        // The PNG's own halves: green on the left, blue on the right, split in the middle.
        let middle = shown.y + shown.height / 2
        let left = screen.pixel(shown.x + shown.width / 4, middle)
        let right = screen.pixel(shown.x + shown.width * 3 / 4, middle)
        #expect(left.green > 240 && left.red < 16 && left.blue < 16, "\(what): left half \(left)")
        #expect(right.blue > 240 && right.red < 16 && right.green < 16, "\(what): right half \(right)")
        let split = (shown.x..<(shown.x + shown.width)).first { screen.pixel($0, middle).blue > 128 } ?? -1
        #expect(abs(split - (shown.x + shown.width / 2)) <= 2, "\(what): the halves meet at \(split)")
    }

    @Test func xtermAsAVT340ShowsASixelPictureOnThePagesCells() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try Self.deck(in: directory)
        let xterm = try SystemTool.path("xterm", package: "xterm")
        let window = ["-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-geometry", "80x24+0+0", "-e"]

        let reference = try XvfbDisplay()
        defer { reference.stop() }
        _ = try reference.start(
            xterm, window + Self.tour(deck, images: "blocks", state: directory.path("a")), log: directory.path("a.log"))
        let blocks = try #require(
            try Self.awaitPicture(on: reference, in: directory, left: Self.basicGreen, right: Self.basicBlue),
            "the half blocks never showed: \(Self.said(in: directory, "a.log"))")

        let display = try XvfbDisplay()
        defer { display.stop() }
        _ = try display.start(
            xterm, window + Self.tour(deck, images: "auto", state: directory.path("b")), log: directory.path("b.log"))
        let sixel = try #require(
            try Self.awaitPicture(on: display, in: directory, left: Self.green, right: Self.blue),
            "no sixel picture showed: \(Self.said(in: directory, "b.log"))")
        Self.expectPicture(sixel.box, screen: sixel.screen, on: blocks.box, what: "the sixel picture")
    }

    @Test func kittyShowsItsOwnProtocolsPictureOnThePagesCells() throws {
        guard let kitty = try? SystemTool.path("kitty", package: "kitty") else {
            try Test.cancel("kitty is not installed")
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deck = try Self.deck(in: directory)
        let window = [
            "--config", "NONE", "-o", "remember_window_size=no", "-o", "initial_window_width=640",
            "-o", "initial_window_height=400", "-o", "font_size=10",
        ]
        let software = ["LIBGL_ALWAYS_SOFTWARE": "1"]

        // kitty's palette is its own: the half blocks are drawn in 256 colours, the PNG's exactly.
        let reference = try XvfbDisplay()
        defer { reference.stop() }
        let blocksTour = try Self.tour(deck, images: "blocks", state: directory.path("a"), terminal: "xterm-256color")
        _ = try reference.start(kitty, window + blocksTour, environment: software, log: directory.path("a.log"))
        guard let blocks = try Self.awaitPicture(on: reference, in: directory, left: Self.green, right: Self.blue)
        else { try Test.cancel("kitty did not draw under Xvfb here: \(Self.said(in: directory, "a.log"))") }

        // kitty's own TERM; the recording shows which protocol drew the picture.
        let display = try XvfbDisplay()
        defer { display.stop() }
        let recording = directory.path("tour.cast")
        let tour =
            try Self.tour(deck, images: "auto", state: directory.path("b"), terminal: "xterm-kitty")
            + ["--record", recording]
        _ = try display.start(kitty, window + tour, environment: software, log: directory.path("b.log"))
        let shown = try #require(
            try Self.awaitPicture(on: display, in: directory, left: Self.green, right: Self.blue),
            "no picture showed: \(Self.said(in: directory, "b.log"))")
        Self.expectPicture(shown.box, screen: shown.screen, on: blocks.box, what: "kitty's picture")
        #expect(
            Polling.until { Self.said(in: directory, "tour.cast").contains(#"\u001b_Ga=T,f=100"#) },
            "the picture went out through kitty's protocol")
    }
}

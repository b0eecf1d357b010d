import Foundation
import OnboardKit
import Testing

@testable import tui_onboard

/// `dump` and `symbols --preview` on the command line, and the README's pictures.
@Suite struct PictureCommandTests {
    @Test func dumpAndItsOptionsAreRead() throws {
        let builtIn = try Options.parse(["dump"])
        #expect(builtIn.command == .dump(nil) && builtIn.pictures.svgDirectory == nil)
        #expect(builtIn.pictures.size == TerminalSize(columns: 80, rows: 24))
        let deck = try Options.parse(["dump", "d.json", "--size", "100X30", "--svg=out"])
        #expect(deck.command == .dump("d.json") && deck.pictures.svgDirectory == "out")
        #expect(deck.pictures.size == TerminalSize(columns: 100, rows: 30))
        #expect(
            try Options.parse(["--catalog", "c.json", "dump", "--now", "2026-02-01"]).paywall.catalogPath == "c.json")
        #expect(try Options.parse(["symbols", "--preview"]).pictures.isPreview)
        #expect(try Options.parse(["dump", "--animated-svg", "t.svg"]).pictures.animatedSVGPath == "t.svg")
        let replay = try Options.parse(["dump", "--from", "demo.cast", "--animated-svg", "t.svg", "--theme", "light"])
        #expect(replay.pictures.castPath == "demo.cast" && replay.command == .dump(nil))
    }

    @Test(arguments: [
        (["dump", "--size", "80"], "80"), (["dump", "--size", "0x24"], "0x24"),
        (["dump", "--size", "80x24x2"], "80x24x2"),
        (["dump", "--size", "-80x24"], "-80x24"), (["dump", "--size", "501x24"], "501x24"),
        (["dump", "--size", "80x"], "80x"), (["dump", "--size", "８0x24"], "８0x24"),
    ])
    func aBadSizeIsAUsageError(arguments: [String], text: String) {
        let message = "option --size needs COLUMNSxROWS from 1x1 to 500x200, such as 80x24, not \"\(text)\""
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }

    @Test(arguments: [
        (["dump", "a.json", "b.json"], "dump takes at most one DECK"),
        (["dump", ""], "dump needs a DECK that is not empty"),
        (
            ["dump", "a.json", "--deck", "b.json"],
            "--deck is for a run, status, has, answer, answers, paywall, license and store, not dump"
        ),
        (["--svg", "out"], "--svg is for dump, not a run"),
        (["validate", "d.json", "--size", "80x24"], "--size is for dump, not validate"),
        (["symbols", "--size", "80x24"], "--size is for dump, not symbols"),
        (["dump", "--svg", ""], "option --svg needs a DIR"),
        (["dump", "--preview"], "--preview is for symbols, not dump"),
        (["dump", "--from", "a.cast"], "--from FILE.cast goes with --animated-svg FILE, the picture it makes"),
        (["dump", "--from", ""], "option --from needs a FILE.cast"),
        (
            ["dump", "--from", "a.cast", "--animated-svg", "t.svg", "--size", "80x24"],
            "--size and --from: the recording gives the picture's size and form"
        ),
        (
            ["dump", "d.json", "--from", "a.cast", "--animated-svg", "t.svg"],
            "--from plays a recording, not a deck: give --from or a DECK, not both"
        ),
        (["--from", "a.cast"], "--from is for dump, not a run"),
    ])
    func misuseIsAUsageErrorThatSaysWhy(arguments: [String], message: String) {
        #expect(throws: Options.UsageError(description: message)) { try Options.parse(arguments) }
    }

    @Test func fileNamesSortInPageOrder() {
        #expect(Launcher.svgFileName(index: 0, pageCount: 8) == "page-01.svg")
        #expect(Launcher.svgFileName(index: 11, pageCount: 12) == "page-12.svg")
        #expect(Launcher.svgFileName(index: 4, pageCount: 120) == "page-005.svg")
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `make docs` draws the built-in tour with this command line and environment; the
    /// committed pictures must be exactly what it draws now.
    @Test func theReadmePicturesAreCurrent() throws {
        let options = try Options.parse(["dump", "--size", "80x24"])
        let environment = [
            "LC_ALL": "C.UTF-8", "TUI_ONBOARD_ASSETS": Self.repositoryRoot.appendingPathComponent("Assets").path,
        ]
        guard case .success(let pictures) = Launcher(options: options, environment: environment).renderPictures() else {
            Issue.record("the built-in tour could not be drawn")
            return
        }
        let directory = Self.repositoryRoot.appendingPathComponent("docs/images")
        let advice = "run `make docs` and commit docs/images"
        var expectedNames: [String] = []
        for picture in pictures {
            let name = Launcher.svgFileName(index: picture.index, pageCount: picture.pageCount)
            expectedNames.append(name)
            let committed = try? Data(contentsOf: directory.appendingPathComponent(name))
            let current = Data(SVGPicture().render(picture.canvas, title: picture.title).utf8)
            #expect(committed == current, "docs/images/\(name) is not the page as the tour draws it now: \(advice)")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let committedNames = names.filter { $0.hasPrefix("page-") && $0.hasSuffix(".svg") }.sorted()
        #expect(committedNames == expectedNames, "docs/images holds other pages than the tour has: \(advice)")
    }

    /// `make docs` plays the built-in tour into these; the committed ones must be what it plays now.
    @Test(arguments: ["dark", "light"])
    func theReadmesAnimatedToursAreCurrent(theme: String) throws {
        let options = try Options.parse(["dump", "--size", "80x24", "--theme", theme])
        let environment = [
            "LC_ALL": "C.UTF-8", "TUI_ONBOARD_ASSETS": Self.repositoryRoot.appendingPathComponent("Assets").path,
        ]
        let launcher = Launcher(options: options, environment: environment)
        guard case .success(let (deck, _, paywall)) = launcher.pictureInputs() else {
            Issue.record("the built-in tour could not be read")
            return
        }
        let appearance = launcher.pictureAppearance
        let frames = TourAnimation.frames(deck, width: 80, height: 24, paywall: paywall, appearance: appearance)
        let current = AnimatedSVG(picture: SVGPicture(colorMode: .truecolor, appearance: appearance))
            .render(frames, title: deck.app.name)
        let file = Self.repositoryRoot.appendingPathComponent("docs/images/tour-\(theme).svg")
        let committed = try? String(contentsOf: file, encoding: .utf8)
        #expect(committed == current, "docs/images/tour-\(theme).svg is not the tour as it plays now: run `make docs`")
        // A few hundred KB, as a README can carry.
        #expect(current.utf8.count < 600_000)
    }

    @Test func theReadmeShowsThePictures() throws {
        let readme = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for name in ["page-01.svg", "page-04.svg", "page-08.svg", "tour-dark.svg", "tour-light.svg"] {
            #expect(readme.contains("docs/images/\(name)"), "the README's gallery shows \(name)")
        }
    }
}

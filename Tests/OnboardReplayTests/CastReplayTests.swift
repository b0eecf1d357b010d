import OnboardKit
import Testing

@testable import OnboardReplay

/// A recording sampled ten times a second into the frames of one animated SVG.
@Suite struct CastReplayTests {
    static func durations(_ replay: CastReplay) -> [Double] {
        replay.document.frameDurations.map { ($0 * 1000).rounded() / 1000 }
    }

    @Test func eachScreenStaysUntilTheNextChangeAndLongPausesAreShortened() throws {
        let cast = Asciicast(
            width: 10, height: 2,
            events: [.output(time: 0, text: "a"), .output(time: 0.55, text: "\rb"), .output(time: 10, text: "\rc")])
        let replay = try #require(CastReplay.play(cast, picture: SVGPicture()))
        // "a" until the frame after 0.55 s, "b" for the 3 s the 9.45 s pause is cut to, then
        // "c" held 2 s before the loop starts again.
        #expect(Self.durations(replay) == [0.6, 3, 2])
        #expect(abs(replay.recordingSeconds - 3.55) < 1e-9 && abs(replay.seconds - 5.6) < 1e-9)
        #expect(!replay.isCut)
        let svg = replay.document.render(title: "t")
        #expect(svg.contains(">a</text>") && svg.contains(">b</text>") && svg.contains(">c</text>"))
        #expect(svg.contains("animation-duration:5.6s;"))
    }

    @Test func theRecordingsOwnIdleLimitIsKept() throws {
        let cast = Asciicast(
            width: 10, height: 2, idleTimeLimit: 1, events: [.output(time: 0, text: "a"), .output(time: 5, text: "b")])
        let replay = try #require(CastReplay.play(cast, picture: SVGPicture()))
        #expect(Self.durations(replay) == [1, 2])
    }

    @Test func aLongRecordingIsCutAtTheLongestAPicturePlays() throws {
        let events = (0..<150).map { Asciicast.Event.output(time: Double($0) * 2, text: "\r\($0)") }
        let replay = try #require(
            CastReplay.play(Asciicast(width: 10, height: 2, events: events), picture: SVGPicture()))
        #expect(replay.isCut && abs(replay.seconds - TourAnimation.maximumSeconds) < 1e-9)
        #expect(abs(replay.recordingSeconds - 298) < 1e-9)
        let svg = replay.document.render(title: "t")
        #expect(svg.contains(">59</text>") && !svg.contains(">60</text>"))
    }

    @Test func frameBytesBeyondTheLimitCutTheReplay() throws {
        let events = (0..<100).map { Asciicast.Event.output(time: Double($0) / 10, text: "\r\($0)") }
        let cast = Asciicast(width: 10, height: 2, events: events)
        let replay = try #require(CastReplay.play(cast, picture: SVGPicture(), byteLimit: 1))
        #expect(replay.isCut && replay.seconds < 1 && replay.document.frameDurations.count <= 3)
        let whole = try #require(CastReplay.play(cast, picture: SVGPicture()))
        #expect(!whole.isCut && whole.document.frameDurations.count == 100)
    }

    @Test func aResizeMakesThePictureAsLargeAsTheLargestScreen() throws {
        let cast = Asciicast(
            width: 10, height: 3,
            events: [
                .output(time: 0, text: "small"), .resize(time: 0.5, width: 20, height: 5),
                .output(time: 0.5, text: "\r\n\n\n\nbottom"),
            ])
        let replay = try #require(CastReplay.play(cast, picture: SVGPicture()))
        let svg = replay.document.render(title: "t")
        #expect(svg.contains("width=\"200\" height=\"100\" viewBox=\"0 0 200 100\""))
        #expect(svg.contains(">bottom</text>") && Self.durations(replay) == [0.5, 2])
    }

    @Test(arguments: [(Appearance.dark, "#1c1c1c", "#e5e5e5"), (Appearance.light, "#fafafa", "#1c1c1c")])
    func theDefaultColoursAreTheThemes(appearance: Appearance, background: String, foreground: String) throws {
        let cast = Asciicast(width: 10, height: 1, events: [.output(time: 0, text: "plain \u{1B}[31mred")])
        let picture = SVGPicture(colorMode: .truecolor, appearance: appearance)
        let svg = try #require(CastReplay.play(cast, picture: picture)).document.render(title: "t")
        #expect(svg.contains("<rect width=\"100\" height=\"20\" fill=\"\(background)\"/>"))
        #expect(svg.contains("fill=\"\(foreground)\">plain</text>"))
        #expect(svg.contains("fill=\"#cd0000\">red</text>"))
    }
}

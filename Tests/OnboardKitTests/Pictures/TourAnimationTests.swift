import Testing

@testable import OnboardKit

/// The tour as autoplay plays it, as frames, and those frames as one SVG animated with CSS.
@Suite struct TourAnimationTests {
    static let deck = Deck(
        app: AppInfo(id: "a", name: "A", version: "1.0.0"),
        pages: [
            .step(StepPage(heading: "First", text: "One.")),
            .step(StepPage(heading: "Second", text: "Two.")),
        ])

    @Test func thePagesRestSlideAndRestAgainTheSameEveryTime() throws {
        let frames = TourAnimation.frames(Self.deck, width: 40, height: 12, interval: 1)
        let first = try #require(frames.first)
        let last = try #require(frames.last)
        #expect(first.canvas.text.contains("First") && !first.canvas.text.contains("Second"))
        #expect(last.canvas.text.contains("Second") && !last.canvas.text.contains("First"))
        // Between them the slide: frames that are neither page at rest.
        let between = frames.dropFirst().dropLast()
        #expect(between.count >= 2 && between.allSatisfy { $0.canvas != first.canvas && $0.canvas != last.canvas })
        // Each page at rest for its interval, in one frame; no two frames in a row alike.
        #expect(first.duration >= 1 && last.duration >= 1)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.canvas != $1.canvas })
        let again = TourAnimation.frames(Self.deck, width: 40, height: 12, interval: 1)
        #expect(again.map(\.canvas) == frames.map(\.canvas) && again.map(\.duration) == frames.map(\.duration))
    }

    @Test func eachFrameIsShownForItsShareOfTheLoop() {
        var one = Canvas(width: 2, height: 1)
        one.draw("a", x: 0, y: 0, style: .plain)
        var two = Canvas(width: 2, height: 1)
        two.draw("b", x: 0, y: 0, style: .plain)
        let svg = AnimatedSVG(picture: SVGPicture()).render(
            [TourAnimation.Frame(canvas: one, duration: 1), TourAnimation.Frame(canvas: two, duration: 3)], title: "t<")
        #expect(svg.contains("animation-duration:4s;"))
        #expect(svg.contains("@keyframes k0{0%{visibility:hidden}0%{visibility:visible}25%{visibility:hidden}}"))
        #expect(svg.contains("@keyframes k1{0%{visibility:hidden}25%{visibility:visible}}"))
        #expect(
            svg.contains("<g class=\"f f0\">") && svg.contains("<g class=\"f f1\">")
                && svg.contains("<title>t&lt;</title>"))
        #expect(!svg.contains("<script"))
    }

    @Test(arguments: [(0.0, "0"), (25.0, "25"), (1.0 / 3, "0.333"), (12.5, "12.5"), (99.9996, "100")])
    func numbersHaveAtMostThreeDecimals(value: Double, text: String) {
        #expect(AnimatedSVG.number(value) == text)
    }

    @Test func aLightPictureHasALightBackground() {
        #expect(SVGPicture(appearance: .light).defaultBackground == SVGPicture.RGB(250, 250, 250))
        #expect(SVGPicture(appearance: .dark).defaultBackground == SVGPicture().defaultBackground)
    }
}

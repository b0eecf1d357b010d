/// Frames as one SVG that plays them in a loop with CSS animation alone (no script, which
/// GitHub strips): each frame is a group shown for its share of the whole, by a keyframe rule
/// of its own. Self-contained and the same bytes for the same frames.
public struct AnimatedSVG: Sendable {
    public var picture: SVGPicture

    public init(picture: SVGPicture) { self.picture = picture }

    public func render(_ frames: [TourAnimation.Frame], title: String) -> String {
        var document = Document(picture: picture)
        for frame in frames { document.append(frame.canvas, duration: frame.duration) }
        return document.render(title: title)
    }

    /// Frames given one at a time and drawn as they come, so that only the last screen is held
    /// as cells: a long replay of a large terminal would not fit in memory as canvases. A screen
    /// equal to the last one lengthens it. The picture is as large as the largest frame.
    public struct Document: Sendable {
        public let picture: SVGPicture
        private var pending: TourAnimation.Frame?
        private var drawn: [(content: String, duration: Double)] = []
        /// The bytes of the frames drawn so far (the last screen is not yet drawn).
        public private(set) var byteCount = 0
        private var width = 0
        private var height = 0

        public init(picture: SVGPicture) { self.picture = picture }

        /// How long each frame so far stays, in order.
        public var frameDurations: [Double] { drawn.map(\.duration) + (pending.map { [$0.duration] } ?? []) }

        public mutating func append(_ canvas: Canvas, duration: Double) {
            if pending?.canvas == canvas {
                pending?.duration += duration
                return
            }
            drawPending()
            pending = TourAnimation.Frame(canvas: canvas, duration: duration)
            width = max(width, canvas.width)
            height = max(height, canvas.height)
        }

        private mutating func drawPending() {
            guard let frame = pending else { return }
            let content = picture.content(frame.canvas)
            byteCount += content.utf8.count
            drawn.append((content, frame.duration))
            pending = nil
        }

        public func render(title: String) -> String {
            var copy = self
            copy.drawPending()
            return copy.document(title: title)
        }

        private func document(title: String) -> String {
            guard !drawn.isEmpty else { return picture.render(Canvas(width: 1, height: 1), title: title) }
            let width = width * SVGPicture.cellWidth
            let height = height * SVGPicture.cellHeight
            let total = drawn.reduce(0) { $0 + $1.duration }
            var style = ".f{visibility:hidden;animation-duration:\(AnimatedSVG.number(total))s;"
            style += "animation-iteration-count:infinite;animation-timing-function:step-end}\n"
            var body = ""
            var elapsed = 0.0
            for (index, frame) in drawn.enumerated() {
                let from = AnimatedSVG.number(elapsed / total * 100)
                elapsed += frame.duration
                let to = AnimatedSVG.number(elapsed / total * 100)
                // Shown from its start to its end, hidden otherwise; the last frame holds to 100%.
                style += "@keyframes k\(index){0%{visibility:hidden}\(from)%{visibility:visible}"
                style += index == drawn.count - 1 ? "}\n" : "\(to)%{visibility:hidden}}\n"
                style += ".f\(index){animation-name:k\(index)}\n"
                body += "<g class=\"f f\(index)\">\n" + frame.content + "</g>\n"
            }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
                viewBox="0 0 \(width) \(height)" role="img">
                <title>\(SVGPicture.escaped(title))</title>
                <style>
                \(style)</style>
                <rect width="\(width)" height="\(height)" fill="\(picture.defaultBackground.hex)"/>

                """ + body + "</svg>\n"
        }
    }

    /// A number with at most three decimals, no trailing zeros: stable across platforms.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = thousandths / 1000
        var fraction = String(thousandths % 1000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}

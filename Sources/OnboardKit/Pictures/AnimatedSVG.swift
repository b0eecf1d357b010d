/// Frames as one SVG that plays them in a loop with CSS animation alone (no script, which
/// GitHub strips): each frame is a group shown for its share of the whole, by a keyframe rule
/// of its own. Self-contained and the same bytes for the same frames.
public struct AnimatedSVG: Sendable {
    public var picture: SVGPicture

    public init(picture: SVGPicture) { self.picture = picture }

    public func render(_ frames: [TourAnimation.Frame], title: String) -> String {
        guard let first = frames.first else { return picture.render(Canvas(width: 1, height: 1), title: title) }
        let width = first.canvas.width * SVGPicture.cellWidth
        let height = first.canvas.height * SVGPicture.cellHeight
        let total = frames.reduce(0) { $0 + $1.duration }
        var style = ".f{visibility:hidden;animation-duration:\(Self.number(total))s;"
        style += "animation-iteration-count:infinite;animation-timing-function:step-end}\n"
        var body = ""
        var elapsed = 0.0
        for (index, frame) in frames.enumerated() {
            let from = Self.number(elapsed / total * 100)
            elapsed += frame.duration
            let to = Self.number(elapsed / total * 100)
            // Shown from its start to its end, hidden otherwise; the last frame holds to 100%.
            style += "@keyframes k\(index){0%{visibility:hidden}\(from)%{visibility:visible}"
            style += index == frames.count - 1 ? "}\n" : "\(to)%{visibility:hidden}}\n"
            style += ".f\(index){animation-name:k\(index)}\n"
            body += "<g class=\"f f\(index)\">\n" + picture.content(frame.canvas) + "</g>\n"
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

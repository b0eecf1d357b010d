/// A decoded picture: 8-bit red, green, blue and straight (not premultiplied) alpha per pixel,
/// rows top to bottom. The shell decodes files into it (`FileReader.decodePNG`); the core only
/// lays it out and samples it.
public struct RasterImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes.
    public let rgba: [UInt8]

    /// Nil unless `rgba` holds exactly `width * height` pixels of a picture that has some.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// How many points each side of a sampled area are averaged: enough to keep a thin line
    /// from vanishing between samples, and a fixed cost whatever the picture's size.
    static let samplesPerSide = 4

    /// The average colour of the area `x0..<x1`, `y0..<y1` (in the picture's pixels, as
    /// fractions) laid over `background`; a point grid of `samplesPerSide` squared points, so a
    /// large picture costs no more than a small one.
    func averageColor(
        x0: Double, y0: Double, x1: Double, y1: Double, over background: (UInt8, UInt8, UInt8)
    ) -> (red: UInt8, green: UInt8, blue: UInt8, coverage: Double) {
        let steps = Self.samplesPerSide
        var sums = (0, 0, 0)
        var alphaSum = 0
        for row in 0..<steps {
            let y = min(height - 1, max(0, Int(y0 + (y1 - y0) * (Double(row) + 0.5) / Double(steps))))
            for column in 0..<steps {
                let x = min(width - 1, max(0, Int(x0 + (x1 - x0) * (Double(column) + 0.5) / Double(steps))))
                let offset = (y * width + x) * 4
                let alpha = Int(rgba[offset + 3])
                sums.0 += (Int(rgba[offset]) * alpha + Int(background.0) * (255 - alpha)) / 255
                sums.1 += (Int(rgba[offset + 1]) * alpha + Int(background.1) * (255 - alpha)) / 255
                sums.2 += (Int(rgba[offset + 2]) * alpha + Int(background.2) * (255 - alpha)) / 255
                alphaSum += alpha
            }
        }
        let count = steps * steps
        return (
            UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count),
            Double(alphaSum) / Double(count * 255)
        )
    }

    /// The picture at `targetWidth` x `targetHeight` pixels as 8-bit RGB, laid over
    /// `background` (for sixel, which has no transparency worth the name).
    public func scaledRGB(width targetWidth: Int, height targetHeight: Int, over background: (UInt8, UInt8, UInt8))
        -> [UInt8]
    {
        guard targetWidth > 0, targetHeight > 0 else { return [] }
        var pixels = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        let scaleX = Double(width) / Double(targetWidth)
        let scaleY = Double(height) / Double(targetHeight)
        for y in 0..<targetHeight {
            for x in 0..<targetWidth {
                let color = averageColor(
                    x0: Double(x) * scaleX, y0: Double(y) * scaleY, x1: Double(x + 1) * scaleX,
                    y1: Double(y + 1) * scaleY, over: background)
                let offset = (y * targetWidth + x) * 3
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
        return pixels
    }
}

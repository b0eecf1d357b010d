@testable import OnboardKit

/// Pictures for the core's tests, without a PNG decoder: the "files" are bytes a test decoder
/// turns into known pixels.
enum PictureFixtures {
    /// 2x2 pixels: red, green over blue, white.
    static let quadrants = RasterImage(
        width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])!

    /// A picture of `width` x `height` pixels in one colour.
    static func plain(width: Int, height: Int, rgba: [UInt8] = [200, 100, 50, 255]) -> RasterImage {
        RasterImage(width: width, height: height, rgba: Array((0..<(width * height)).map { _ in rgba }.joined()))!
    }

    static func picture(_ raster: RasterImage = quadrants, alt: String = "Four squares") -> PagePicture {
        PagePicture(raster: raster, png: Array("PNG \(raster.width)x\(raster.height)".utf8), alt: alt)
    }

    /// Decodes "PNG WxH" into a plain picture of that size; anything else is damaged.
    static let decoder: PNGDecoder = { bytes, maximumSide in
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("PNG ") else { return .failure(PictureDecodingError(reason: "is not a PNG file")) }
        let sides = text.dropFirst(4).split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2 else { return .failure(PictureDecodingError(reason: "is a damaged PNG file")) }
        guard sides[0] <= maximumSide, sides[1] <= maximumSide else {
            return .failure(PictureDecodingError(reason: "is too large"))
        }
        return .success(plain(width: sides[0], height: sides[1]))
    }

    static func reader(_ files: [String: String], decodes: Bool = true) -> FileReader {
        var reader = FileReader.memory(files)
        if decodes { reader.decodePNG = decoder }
        return reader
    }
}

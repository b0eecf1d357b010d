import CPng
import OnboardKit

/// PNG pictures decoded by libpng's simplified API: every kind of PNG (palette, grey, 16-bit,
/// interlaced, with or without alpha) becomes 8-bit RGBA, and a damaged file is an error with
/// libpng's own words, never a crash or a jump out of Swift.
public enum PNGFile {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The pixels of `bytes`, a PNG file, or why there are none. A picture wider or taller than
    /// `maximumSide` is refused before its pixels are read, so a small file claiming a huge
    /// picture allocates nothing.
    @Sendable
    public static func decode(_ bytes: [UInt8], maximumSide: Int) -> Result<RasterImage, PictureDecodingError> {
        guard bytes.starts(with: signature) else {
            return .failure(PictureDecodingError(reason: "is not a PNG file"))
        }
        // libpng keeps reading from the bytes until the picture is finished: one borrow holds them.
        return bytes.withUnsafeBytes { buffer in read(buffer, maximumSide: maximumSide) }
    }

    private static func read(_ buffer: UnsafeRawBufferPointer, maximumSide: Int) -> Result<
        RasterImage, PictureDecodingError
    > {
        var image = png_image()
        image.version = tui_png_version()
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0,
            tui_png_failed(&image) == 0
        else { return .failure(damaged(image)) }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width <= maximumSide, height <= maximumSide else {
            return .failure(
                PictureDecodingError(
                    reason: "is \(width)x\(height) pixels, over the limit of \(maximumSide)x\(maximumSide)"))
        }
        image.format = tui_png_format_rgba()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { target in
            png_image_finish_read(&image, nil, target.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0, tui_png_failed(&image) == 0 else { return .failure(damaged(image)) }
        guard let raster = RasterImage(width: width, height: height, rgba: pixels) else {
            return .failure(PictureDecodingError(reason: "has no pixels"))
        }
        return .success(raster)
    }

    /// libpng's message for a file it could not read.
    private static func damaged(_ image: png_image) -> PictureDecodingError {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
        return PictureDecodingError(
            reason: "is a damaged PNG file" + (text.isEmpty ? "" : " (\(SafeText.sanitize(text)))"))
    }
}

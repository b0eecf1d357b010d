/// PNG pictures on step and hero pages: `"image": "logo.png"` (any name ending in `.png`),
/// with `"alt"`, the words that stand for it where no picture can be shown.
extension DeckDecoder {
    /// Whether an image path names a PNG picture rather than a text-art file.
    static func isPicturePath(_ path: String) -> Bool { path.lowercased().hasSuffix(".png") }

    /// The page's picture from its `image`, chosen for the reader's language; `validate` reads
    /// every language's file too. Nil (with an error logged) when a file cannot be shown.
    func decodePicture(_ image: LocalizedText, in page: JSONObjectReader) -> PagePicture? {
        let alt = text("alt", in: page, nonEmpty: true) ?? ""
        let shown = texts.pick(image)
        for variant in image.variants where validates && variant.key != shown.key {
            _ = loadPicture(variant.text, alt: alt, path: image.path(of: variant), location: variant.location)
        }
        return loadPicture(shown.text, alt: alt, path: image.path(of: shown), location: shown.location)
    }

    /// Reads and decodes one PNG file relative to the deck. A file that is missing, over
    /// `DeckLoader.maximumPictureSize` or `maximumPictureSide`, damaged or not a PNG is an
    /// error naming it.
    func loadPicture(_ relativePath: String, alt: String, path: JSONPath, location: SourceLocation?) -> PagePicture? {
        let resolved = PathText.resolve(relativePath, in: baseDirectory)
        let name = "picture \"\(SafeText.sanitize(resolved))\""
        let bytes: [UInt8]
        do {
            bytes = try reader.read(resolved, DeckLoader.maximumPictureSize)
        } catch {
            log.error(path, at: location, "\(name): \(error.reason)")
            return nil
        }
        guard let decode = reader.decodePNG else {
            log.error(path, at: location, "\(name): this program cannot read PNG pictures")
            return nil
        }
        switch decode(bytes, DeckLoader.maximumPictureSide) {
        case .success(let raster):
            return PagePicture(raster: raster, png: bytes, alt: alt)
        case .failure(let error):
            log.error(path, at: location, "\(name) \(error.reason)")
            return nil
        }
    }
}

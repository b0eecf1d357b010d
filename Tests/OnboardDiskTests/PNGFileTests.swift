import Foundation
import OnboardDisk
import OnboardKit
import Testing

/// PNG pictures through libpng: every kind of PNG gives the same pixels, and damaged, foreign
/// or oversized files are errors that say so, never a crash.
@Suite struct PNGFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pictures")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func pixel(_ raster: RasterImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * raster.width + x) * 4
        return Array(raster.rgba[offset..<offset + 4])
    }

    @Test(arguments: ["quadrants.png", "quadrants-palette.png", "quadrants-16bit.png", "quadrants-interlaced.png"])
    func everyKindOfPNGGivesTheSamePixels(name: String) throws {
        let raster = try PNGFile.decode(Self.fixture(name), maximumSide: 4096).get()
        #expect(raster.width == 16 && raster.height == 16)
        #expect(Self.pixel(raster, 0, 0) == [255, 0, 0, 255])
        #expect(Self.pixel(raster, 15, 0) == [0, 255, 0, 255])
        #expect(Self.pixel(raster, 0, 15) == [0, 0, 255, 255])
        #expect(Self.pixel(raster, 15, 15) == [255, 255, 255, 255])
    }

    @Test func transparencyIsKept() throws {
        let raster = try PNGFile.decode(Self.fixture("transparent.png"), maximumSide: 4096).get()
        #expect(Self.pixel(raster, 0, 0) == [255, 0, 0, 255])
        #expect(Self.pixel(raster, 3, 1)[3] == 0)
    }

    @Test func aPictureOverTheSideLimitIsRefusedBeforeItsPixelsAreRead() throws {
        let result = PNGFile.decode(try Self.fixture("too-wide.png"), maximumSide: 4096)
        #expect(throws: PictureDecodingError(reason: "is 5000x10 pixels, over the limit of 4096x4096")) {
            try result.get()
        }
        let quadrants = PNGFile.decode(try Self.fixture("quadrants.png"), maximumSide: 15)
        #expect(throws: PictureDecodingError(reason: "is 16x16 pixels, over the limit of 15x15")) {
            try quadrants.get()
        }
    }

    @Test(arguments: [
        ([UInt8](), "is not a PNG file"), (Array("GIF89a".utf8), "is not a PNG file"),
        (Array("hello, world\n".utf8), "is not a PNG file"), ([0xFF, 0xD8, 0xFF, 0xE0], "is not a PNG file"),
    ])
    func aFileThatIsNotAPNGSaysSo(bytes: [UInt8], reason: String) {
        #expect(throws: PictureDecodingError(reason: reason)) { try PNGFile.decode(bytes, maximumSide: 4096).get() }
    }

    /// Every prefix of a PNG file cut inside its header or pixels (a download cut short) is an
    /// error; cut only in the closing IEND chunk (its last 12 bytes), libpng has every pixel and
    /// the picture is whole.
    @Test func everyTruncationBeforeTheEndChunkIsAnError() throws {
        let bytes = try Self.fixture("quadrants.png")
        let whole = try PNGFile.decode(bytes, maximumSide: 4096).get()
        let endChunk = bytes.count - 12
        #expect(Array(bytes[(endChunk + 4)..<(endChunk + 8)]) == Array("IEND".utf8))
        for length in 8..<bytes.count {
            let result = PNGFile.decode(Array(bytes[..<length]), maximumSide: 4096)
            switch result {
            case .success(let raster):
                #expect(length >= endChunk && raster == whole, "a PNG cut to \(length) of \(bytes.count) bytes")
            case .failure(let error):
                #expect(length < endChunk && error.reason.hasPrefix("is a damaged PNG file"))
            }
        }
    }

    /// Fuzzing: thousands of files damaged at random (bytes changed, cut, repeated) each decode
    /// or fail with a reason; none crashes, and what decodes has the pixels its size says.
    @Test(arguments: ["quadrants.png", "quadrants-palette.png", "quadrants-interlaced.png", "transparent.png"])
    func randomlyDamagedFilesNeverCrash(name: String) throws {
        let original = try Self.fixture(name)
        var generator = SeededGenerator(seed: 38)
        var failures = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 8..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.removeSubrange(index...)
                default: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + 16)], at: index)
                }
                if bytes.count <= 8 { break }
            }
            switch PNGFile.decode(bytes, maximumSide: 64) {
            case .success(let raster):
                #expect(raster.rgba.count == raster.width * raster.height * 4)
            case .failure(let error):
                failures += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(failures > 0)
    }
}

import Foundation
import Testing

@testable import OnboardKit

/// Our encoder against two outsiders: segno, the reference encoder, module by module; and
/// zbarimg, a decoder, reading the symbol back from an image. Both are Debian packages the
/// tests need (python3-segno, zbar-tools): when one is missing the tests fail and say so.
@Suite struct QRCodeDecodeTests {
    // MARK: segno, module by module

    @Test func theVersionsAtMediumMatchSegno() throws {
        let versions = [1, 2, 6, 7, 10, 14, 27, 40]
        let codes = try Self.compareWithSegno(
            versions.map {
                SegnoCase(text: Self.text(bytes: QRCodeTests.capacity($0, .medium), seed: $0), level: .medium)
            })
        #expect(codes.map(\.version) == versions)
    }

    /// Symbols short of full, so that pad codewords follow the terminator.
    @Test func everyLevelMatchesSegno() throws {
        let cases = QRCode.ErrorCorrection.allCases.flatMap { level in
            [1, 5, 7, 12, 20].map {
                SegnoCase(text: Self.text(bytes: QRCodeTests.capacity($0, level) - $0, seed: $0), level: level)
            }
        }
        try Self.compareWithSegno(cases + [SegnoCase(text: Self.text(bytes: 2953, seed: 40), level: .low)])
    }

    @Test func everyForcedMaskMatchesSegno() throws {
        let cases = (0...7).flatMap { mask in
            [(1, QRCode.ErrorCorrection.medium), (7, .quartile), (10, .high)].map { version, level in
                SegnoCase(
                    text: Self.text(bytes: QRCodeTests.capacity(version, level) - mask, seed: mask), level: level,
                    mask: mask)
            }
        }
        let codes = try Self.compareWithSegno(cases)
        #expect(codes.map(\.mask) == cases.map(\.mask))
    }

    /// Every version at every level, full to capacity, with a mask set (segno scores eight masks
    /// in Python slowly): the block tables, alignment patterns and version information of all
    /// 160 symbols.
    @Test func everyVersionAtEveryLevelMatchesSegno() throws {
        let cases = QRCode.ErrorCorrection.allCases.enumerated().flatMap { levelIndex, level in
            (1...40).map { version in
                SegnoCase(
                    text: Self.text(bytes: QRCodeTests.capacity(version, level), seed: version * 4 + levelIndex),
                    level: level, mask: (version + levelIndex) % 8)
            }
        }
        try Self.compareWithSegno(cases)
    }

    /// The mask each encoder picks itself, for texts of many lengths at every level.
    @Test func theAutomaticMaskMatchesSegno() throws {
        let fixed = [
            "https://example.com/buy?ref=0123456789ABCDEFGHJKMNPQRS", "café ☕", "a", "HELLO WORLD",
            "https://tui-onboard.example/redeem?code=7K3M9QZX2V", "Grüße aus Köln — 日本語のテキスト 🎉",
        ]
        let levels = QRCode.ErrorCorrection.allCases
        let generated = (0..<36).map { index in
            SegnoCase(text: Self.mixedText(characters: 1 + index * index / 3, seed: index), level: levels[index % 4])
        }
        let cases = fixed.flatMap { text in levels.map { SegnoCase(text: text, level: $0) } } + generated
        #expect(Set(cases.map(\.text)).count >= 30)
        try Self.compareWithSegno(cases)
    }

    @Test func segnoIsInstalled() throws {
        try SegnoReference.requireInstalled()
    }

    /// Each case encoded by us and by segno: the same version, mask and modules. Our symbols.
    @discardableResult
    static func compareWithSegno(
        _ cases: [SegnoCase], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [QRCode] {
        let references = try SegnoReference.symbols(for: cases)
        try #require(references.count == cases.count, sourceLocation: sourceLocation)
        var codes: [QRCode] = []
        for (testCase, reference) in zip(cases, references) {
            let ours = try QRCode.encode(testCase.text, errorCorrection: testCase.level, mask: testCase.mask)
            codes.append(ours)
            let mask = testCase.mask.map(String.init) ?? "auto"
            let label = "\(testCase.text.utf8.count) bytes at \(testCase.level), mask \(mask)"
            #expect(ours.version == reference.version, "version, \(label)", sourceLocation: sourceLocation)
            #expect(ours.mask == reference.mask, "mask, \(label)", sourceLocation: sourceLocation)
            guard ours.version == reference.version, ours.mask == reference.mask else { continue }
            let theirs = reference.modules
            let differences = (0..<ours.size).flatMap { row in
                (0..<ours.size).filter { ours.isDark(row: row, column: $0) != theirs[row][$0] }.map { (row, $0) }
            }
            #expect(
                differences.count == 0,
                "\(differences.count) modules differ, first at \(differences.first.map { "\($0)" } ?? ""): \(label)",
                sourceLocation: sourceLocation)
        }
        return codes
    }

    /// Exactly `bytes` bytes of printable ASCII, varied by `seed`.
    static func text(bytes: Int, seed: Int) -> String {
        var generator = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -._~:/?#[]@!$&'()*+,;=%")
        return String((0..<bytes).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// `characters` characters mixing ASCII with two-, three- and four-byte UTF-8.
    static func mixedText(characters: Int, seed: Int) -> String {
        var generator = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789/?=&.-ABCXYZ éüßñ€☕日本🎉")
        return String((0..<characters).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    // MARK: zbarimg, from an image

    @Test func zbarimgReadsTheURLTheLongTextAndUTF8() throws {
        let texts = [
            "https://example.com/buy?ref=0123456789ABCDEFGHJKMNPQRS",
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 14),
            "café ☕ — Grüße, 日本語 🎉",
        ]
        for text in texts {
            let code = try QRCode.encode(text)
            #expect(
                try ZbarDecoder.decode(code) == Array(text.utf8), "\(text.utf8.count) bytes, version \(code.version)")
        }
        #expect(try QRCode.encode(texts[1]).version == 20)
    }

    @Test func zbarimgReadsEveryLevelAndEveryMask() throws {
        let text = "https://example.com/buy?ref=0123456789ABCDEFGHJKMNPQRS"
        var codes = try QRCode.ErrorCorrection.allCases.map { try QRCode.encode(text, errorCorrection: $0) }
        codes += try (0...7).map { try QRCode.encode(text, errorCorrection: .medium, mask: $0) }
        for code in codes {
            #expect(try ZbarDecoder.decode(code) == Array(text.utf8), "\(code.errorCorrection), mask \(code.mask)")
        }
    }
}

/// One symbol for segno to make.
struct SegnoCase: Encodable {
    let text: String
    let level: QRCode.ErrorCorrection
    var mask: Int? = nil

    enum CodingKeys: String, CodingKey { case text, error, mask }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        let letters: [QRCode.ErrorCorrection: String] = [.low: "l", .medium: "m", .quartile: "q", .high: "h"]
        try container.encode(letters[level]!, forKey: .error)
        try container.encodeIfPresent(mask, forKey: .mask)
    }
}

/// A symbol as segno made it.
struct SegnoSymbol: Decodable {
    let version: Int
    let mask: Int
    /// Rows of "0" (light) and "1" (dark).
    let rows: [String]

    /// The rows as modules, true for dark.
    var modules: [[Bool]] { rows.map { $0.utf8.map { $0 == UInt8(ascii: "1") } } }
}

/// segno, run by Debian's Python (the `python3` on PATH may be another one without it).
enum SegnoReference {
    static let python = "/usr/bin/python3"
    static let missing =
        "segno is missing from \(python): install Debian's python3-segno (sudo apt-get install python3-segno)"

    /// Byte mode of the UTF-8 bytes (given as bytes, segno would otherwise pick ISO 8859-1 for
    /// text it can hold), no ECI, no micro symbol, the level as given rather than boosted.
    ///
    /// One fix first: segno (1.4.1, heuer/segno issues 123 and 148, open) adds eight zero bits
    /// when the data already ends on a codeword boundary, which in byte mode is always, so its
    /// pad codewords start one codeword late. ISO/IEC 18004 §7.4.10 adds zeros only up to the
    /// boundary; we follow the standard and compare with segno so corrected.
    static let script = """
        import json, sys
        import segno
        from segno import encoder
        assert encoder.write_padding_bits.__code__.co_varnames[:3] == ('buff', 'version', 'length')
        def write_padding_bits(buff, version, length):
            buff.extend([0] * (-length % 8))
        encoder.write_padding_bits = write_padding_bits
        with open(sys.argv[1], encoding='utf-8') as cases:
            cases = json.load(cases)
        symbols = []
        for case in cases:
            qr = segno.make(case['text'].encode('utf-8'), error=case['error'], mode='byte',
                            mask=case.get('mask'), micro=False, boost_error=False)
            assert not qr.is_micro and qr.mode == 'byte' and qr.error == case['error'].upper(), qr
            rows = [''.join(str(module) for module in row) for row in qr.matrix]
            symbols.append({'version': qr.version, 'mask': qr.mask, 'rows': rows})
        json.dump(symbols, sys.stdout)
        """

    static func requireInstalled() throws {
        let result = try? ExternalProcess.run(python, ["-c", "import segno"])
        guard result?.status == 0 else { throw ToolFailure(message: missing + "; \(result?.errors ?? "")") }
    }

    static func symbols(for cases: [SegnoCase]) throws -> [SegnoSymbol] {
        try requireInstalled()
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("qr-segno-\(UUID()).json")
        try JSONEncoder().encode(cases).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try ExternalProcess.run(python, ["-c", script, input.path])
        guard result.status == 0 else { throw ToolFailure(message: "segno failed: \(result.errors)") }
        return try JSONDecoder().decode([SegnoSymbol].self, from: result.output)
    }
}

/// zbarimg (Debian's zbar-tools) reading a symbol from a greyscale image.
enum ZbarDecoder {
    static let executable = "/usr/bin/zbarimg"

    /// The bytes zbarimg reads from the symbol drawn with a 4-module quiet zone. `-Sbinary`
    /// gives the bytes as they are (no guess at their character set) and no newline after them.
    static func decode(_ code: QRCode, pixelsPerModule: Int = 4) throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ToolFailure(message: "\(executable) is missing: install zbar-tools (sudo apt-get install zbar-tools)")
        }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("qr-zbar-\(UUID()).pgm")
        try portableGraymap(code, pixelsPerModule: pixelsPerModule).write(to: image)
        defer { try? FileManager.default.removeItem(at: image) }
        let result = try ExternalProcess.run(executable, ["--raw", "-q", "-Sbinary", image.path])
        guard result.status == 0 else {
            throw ToolFailure(message: "zbarimg read nothing (status \(result.status)): \(result.errors)")
        }
        return Array(result.output)
    }

    /// A binary PGM (P5): black for dark modules, white for light, quiet zone included.
    static func portableGraymap(_ code: QRCode, pixelsPerModule scale: Int, quietZone: Int = 4) -> Data {
        let modules = code.size + 2 * quietZone
        var image = Data("P5\n\(modules * scale) \(modules * scale)\n255\n".utf8)
        for pixelRow in 0..<(modules * scale) {
            for pixelColumn in 0..<(modules * scale) {
                let dark = code.isDark(row: pixelRow / scale - quietZone, column: pixelColumn / scale - quietZone)
                image.append(dark ? 0 : 255)
            }
        }
        return image
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A program run to its end, its input from a file when it needs one (a pipe to a program
/// that died early would raise SIGPIPE in the test runner).
enum ExternalProcess {
    struct Result {
        let status: Int32
        let output: Data
        let errors: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read the error stream on another thread so that neither pipe fills while the other is read.
        let errorText = ErrorCollector(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: outputData, errors: errorText.text())
    }
}

/// The whole of a stream, read on a thread of its own.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            finished.signal()
        }
    }

    func text() -> String {
        finished.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

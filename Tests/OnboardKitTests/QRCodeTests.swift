import Testing

@testable import OnboardKit

/// The encoder's tables and the half-block rendering; QRCodeDecodeTests compares whole
/// symbols with segno and reads them back with zbarimg.
@Suite struct QRCodeTests {
    /// Bytes byte mode holds per version at L, M, Q and H: ISO/IEC 18004 Table 7, copied from
    /// the standard rather than computed, so that the encoder's block table is checked.
    static let byteCapacities: [[Int]] = [
        [17, 14, 11, 7], [32, 26, 20, 14], [53, 42, 32, 24], [78, 62, 46, 34], [106, 84, 60, 44],
        [134, 106, 74, 58], [154, 122, 86, 64], [192, 152, 108, 84], [230, 180, 130, 98], [271, 213, 151, 119],
        [321, 251, 177, 137], [367, 287, 203, 155], [425, 331, 241, 177], [458, 362, 258, 194], [520, 412, 292, 220],
        [586, 450, 322, 250], [644, 504, 364, 280], [718, 560, 394, 310], [792, 624, 442, 338], [858, 666, 482, 382],
        [929, 711, 509, 403], [1003, 779, 565, 439], [1091, 857, 611, 461], [1171, 911, 661, 511],
        [1273, 997, 715, 535], [1367, 1059, 751, 593], [1465, 1125, 805, 625], [1528, 1190, 868, 658],
        [1628, 1264, 908, 698], [1732, 1370, 982, 742], [1840, 1452, 1030, 790], [1952, 1538, 1112, 842],
        [2068, 1628, 1168, 898], [2188, 1722, 1228, 958], [2303, 1809, 1283, 983], [2431, 1911, 1351, 1051],
        [2563, 1989, 1423, 1093], [2699, 2099, 1499, 1139], [2809, 2213, 1579, 1219], [2953, 2331, 1663, 1273],
    ]

    static func capacity(_ version: Int, _ level: QRCode.ErrorCorrection) -> Int {
        byteCapacities[version - 1][QRCode.ErrorCorrection.allCases.firstIndex(of: level)!]
    }

    // MARK: Versions and capacity

    /// A text exactly at version N's capacity takes version N, one byte more N + 1, for every
    /// version and level (the mask is given: scoring is not what this checks).
    @Test(arguments: QRCode.ErrorCorrection.allCases)
    func theSmallestVersionThatFitsIsChosen(level: QRCode.ErrorCorrection) throws {
        for version in 1...40 {
            let full = String(repeating: "x", count: Self.capacity(version, level))
            let code = try QRCode.encode(full, errorCorrection: level, mask: 0)
            #expect(code.version == version, "\(full.count) bytes at \(level)")
            #expect(code.size == 17 + 4 * version)
            guard version < 40 else { continue }
            #expect(try QRCode.encode(full + "x", errorCorrection: level, mask: 0).version == version + 1)
        }
    }

    @Test func oneByteOverVersion40IsTooLong() {
        let limits: [QRCode.ErrorCorrection: Int] = [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273]
        for (level, limit) in limits {
            let text = String(repeating: "x", count: limit + 1)
            #expect(throws: QRCode.EncodingError.tooLong(bytes: limit + 1, limit: limit)) {
                try QRCode.encode(text, errorCorrection: level)
            }
        }
    }

    /// The limit is in UTF-8 bytes, not characters: 1477 "é" are 2954 bytes.
    @Test func theLimitCountsUTF8Bytes() throws {
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2954, limit: 2953)) {
            try QRCode.encode(String(repeating: "é", count: 1477), errorCorrection: .low)
        }
        #expect(try QRCode.encode(String(repeating: "é", count: 7), errorCorrection: .medium).version == 1)
        #expect(try QRCode.encode(String(repeating: "é", count: 8), errorCorrection: .medium).version == 2)
    }

    @Test func theDefaultsAreMediumAndAChosenMask() throws {
        let code = try QRCode.encode("https://example.com")
        #expect(code.errorCorrection == .medium)
        #expect((0...7).contains(code.mask))
        #expect(try QRCode.encode("https://example.com", mask: 5).mask == 5)
    }

    /// Version 32's alignment step is the standard's one exception to the spacing rule (Annex E).
    @Test func alignmentCentresFollowAnnexE() {
        #expect(QRVersionTable.alignmentCentres(version: 1) == [])
        #expect(QRVersionTable.alignmentCentres(version: 2) == [6, 18])
        #expect(QRVersionTable.alignmentCentres(version: 7) == [6, 22, 38])
        #expect(QRVersionTable.alignmentCentres(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRVersionTable.alignmentCentres(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(QRVersionTable.alignmentCentres(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    /// Table 9's rows for a few symbols, with its two groups of blocks.
    @Test func blockLayoutsFollowTable9() {
        typealias Group = QRVersionTable.BlockGroup
        let layout = QRVersionTable.blockLayout(version: 5, errorCorrection: .quartile)
        #expect(layout.errorCorrectionCodewordsPerBlock == 18)
        #expect(layout.groups == [Group(count: 2, dataCodewords: 15), Group(count: 2, dataCodewords: 16)])
        let largest = QRVersionTable.blockLayout(version: 40, errorCorrection: .high)
        #expect(largest.errorCorrectionCodewordsPerBlock == 30)
        #expect(largest.groups == [Group(count: 20, dataCodewords: 15), Group(count: 61, dataCodewords: 16)])
        #expect(QRVersionTable.totalCodewords(version: 40) == 3706)
        #expect([1, 2, 7, 14, 21, 28, 35].map(QRVersionTable.remainderBits(version:)) == [0, 7, 0, 3, 4, 3, 0])
    }

    // MARK: Known answers from the standard

    /// Annex I's example, 01234567 as 1-M: its 16 data codewords give these 10 error
    /// correction codewords.
    @Test func reedSolomonMatchesAnnexI() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        let expected: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        #expect(QRReedSolomon(errorCorrectionCodewords: 10).errorCorrection(for: data) == expected)
    }

    /// Annex C's and D's tables: format words for L and M with mask 0, H with mask 7, and the
    /// version words of 7 and 40.
    @Test func informationWordsMatchAnnexesCAndD() {
        #expect(QRInformationBits.format(errorCorrection: .medium, mask: 0) == 0x5412)
        #expect(QRInformationBits.format(errorCorrection: .low, mask: 0) == 0b111_0111_1100_0100)
        #expect(QRInformationBits.format(errorCorrection: .high, mask: 7) == 0b000_1000_0011_1011)
        #expect(QRInformationBits.version(7) == 0x07C94)
        #expect(QRInformationBits.version(40) == 0x28C69)
    }

    @Test func byteModeIsPaddedWithTheTerminatorAndAlternatingPadBytes() {
        // 0100 | 00000010 | 'h' 'i' | 0000 terminator, then 0xEC 0x11 0xEC …
        let codewords = QRBitBuffer.byteModeCodewords(Array("hi".utf8), countBits: 8, capacity: 8)
        #expect(codewords == [0x40, 0x26, 0x86, 0x90, 0xEC, 0x11, 0xEC, 0x11])
    }

    // MARK: Mask penalty (the rules as segno reads them; QRCodeDecodeTests compares choices)

    static func line(_ modules: String) -> QRPenalty.Line { QRPenalty.Line(modules.map { $0 == "1" }) }

    static func grid(_ rows: String...) -> [Bool] { rows.flatMap { $0.map { $0 == "1" } } }

    @Test func rule3CountsFourLightModulesOnEitherSide() {
        #expect(QRPenalty.finderLikePatterns(Self.line("1111000010111011111")) == 40)
        #expect(QRPenalty.finderLikePatterns(Self.line("1111101110100001111")) == 40)
        #expect(QRPenalty.finderLikePatterns(Self.line("1110001011101000111")) == 0)
    }

    /// The area outside the symbol is light: a pattern two modules from the edge counts.
    @Test func rule3CountsTheEdgeAsLight() {
        #expect(QRPenalty.finderLikePatterns(Self.line("0010111011111")) == 40)
        #expect(QRPenalty.finderLikePatterns(Self.line("1011101")) == 40)
        #expect(QRPenalty.finderLikePatterns(Self.line("11111111011101")) == 40)
    }

    /// After a pattern that counted, the search goes on after it, so a second pattern sharing
    /// its last three modules is not seen (as in segno); after one that did not, at its fourth.
    @Test func rule3ResumesAsSegnoDoes() {
        #expect(QRPenalty.finderLikePatterns(Self.line("0000101110111010000")) == 40)
        #expect(QRPenalty.finderLikePatterns(Self.line("1110101110111010000")) == 40)
    }

    @Test func rules1And2And4() {
        #expect(QRPenalty.runs(Self.line("11111")) == 3)
        #expect(QRPenalty.runs(Self.line("0111111100000")) == 5 + 3)
        #expect(QRPenalty.runs(Self.line("1111011110")) == 0)
        // Two of the four 2×2 blocks are all dark.
        #expect(QRPenalty.blocks(Self.grid("110", "111", "011"), size: 3) == 2 * 3)
        #expect(
            QRPenalty.proportion(Self.grid("1111", "1111", "0000", "0000")) == 0)
        // 11 of 16 dark is 68.75 %: three full steps of 5 % from 50 %.
        #expect(
            QRPenalty.proportion(Self.grid("1111", "1111", "1100", "0100")) == 30)
    }

    // MARK: Modules

    @Test func modulesOutsideTheMatrixAreLight() throws {
        let code = try QRCode.encode("hello")
        #expect(code.isDark(row: 0, column: 0))
        for (row, column) in [(-1, 0), (0, -1), (code.size, 0), (0, code.size), (-5, -5), (100, 100)] {
            #expect(!code.isDark(row: row, column: column))
        }
    }

    // MARK: Half-block text

    @Test(arguments: [0, 1, 4])
    func theTextReadsBackAsTheMatrixAndItsQuietZone(quietZone: Int) throws {
        for text in [
            "a", "https://example.com/buy?ref=0123456789ABCDEFGHJKMNPQRS", String(repeating: "long ", count: 60),
        ] {
            let code = try QRCode.encode(text)
            let lines = QRHalfBlockText.lines(of: code, quietZone: quietZone)
            let width = QRHalfBlockText.width(of: code, quietZone: quietZone)
            #expect(width == code.size + 2 * quietZone)
            #expect(lines.count == QRHalfBlockText.height(of: code, quietZone: quietZone))
            #expect(lines.count == (width + 1) / 2)
            #expect(lines.allSatisfy { $0.count == width })
            let modules = try Self.modules(of: lines)
            #expect(modules.count == width + 1)  // the odd last row, the lower half of the last line
            let differences = (0..<modules.count).flatMap { row in
                (0..<width).filter { modules[row][$0] != code.isDark(row: row - quietZone, column: $0 - quietZone) }
                    .map { (row, $0) }
            }
            #expect(
                differences.count == 0,
                "\(differences.count) modules differ, first at \(differences.first.map { "\($0)" } ?? "")")
        }
    }

    /// The top of version 1 without a quiet zone: rows 0 and 1 of the upper left finder (dark
    /// across, then dark at its two ends), its light separator, and the upper right finder.
    @Test func theFinderIsDrawnInInk() throws {
        let first = try #require(QRHalfBlockText.lines(of: try QRCode.encode("a"), quietZone: 0).first)
        #expect(first.hasPrefix("█▀▀▀▀▀█ "))
        #expect(first.hasSuffix(" █▀▀▀▀▀█"))
        let quiet = try #require(QRHalfBlockText.lines(of: try QRCode.encode("a")).first)
        #expect(quiet == String(repeating: " ", count: 29))
    }

    /// The modules a line's glyphs show, two rows per line.
    static func modules(of lines: [String]) throws -> [[Bool]] {
        let halves: [Character: (upper: Bool, lower: Bool)] = [
            "▀": (true, false), "▄": (false, true), "█": (true, true), " ": (false, false),
        ]
        var rows: [[Bool]] = []
        for line in lines {
            let cells = try line.map { try #require(halves[$0], "unexpected glyph \($0)") }
            rows.append(cells.map(\.upper))
            rows.append(cells.map(\.lower))
        }
        return rows
    }
}

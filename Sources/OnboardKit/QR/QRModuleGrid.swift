/// The symbol being built: each module's colour, and which modules belong to function
/// patterns or format and version information (those the data and the mask leave alone).
struct QRModuleGrid: Equatable {
    let size: Int
    private(set) var dark: [Bool]
    private(set) var reserved: [Bool]

    /// A grid with every function pattern drawn and the format and version information areas
    /// reserved but light (ISO/IEC 18004 §6.3, §7.9, §7.10): the state masks are scored in.
    init(version: Int) {
        size = QRVersionTable.size(version: version)
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        drawTimingPatterns()
        for (row, column) in [(0, 0), (0, size - 7), (size - 7, 0)] { drawFinder(row: row, column: column) }
        drawAlignmentPatterns(version: version)
        reserveFormatAreas()
        if version >= 7 { drawVersionInformation(version: version, bits: 0) }
    }

    subscript(row: Int, column: Int) -> Bool {
        get { dark[row * size + column] }
        set { dark[row * size + column] = newValue }
    }

    func isReserved(row: Int, column: Int) -> Bool { reserved[row * size + column] }

    private mutating func setFunction(row: Int, column: Int, dark isDark: Bool) {
        self[row, column] = isDark
        reserved[row * size + column] = true
    }

    /// Alternating modules in row 6 and column 6, dark on even indices; finders overwrite the ends.
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunction(row: 6, column: index, dark: index % 2 == 0)
            setFunction(row: index, column: 6, dark: index % 2 == 0)
        }
    }

    /// A 7×7 finder at (row, column), its top left, with the one-module light separator around
    /// it (clipped at the symbol's edge).
    private mutating func drawFinder(row top: Int, column left: Int) {
        for row in (top - 1)...(top + 7) where row >= 0 && row < size {
            for column in (left - 1)...(left + 7) where column >= 0 && column < size {
                let ring = max(abs(row - top - 3), abs(column - left - 3))  // 0 centre … 4 separator
                setFunction(row: row, column: column, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// 5×5 patterns at every pair of centres except the three that would overlap the finders.
    private mutating func drawAlignmentPatterns(version: Int) {
        let centres = QRVersionTable.alignmentCentres(version: version)
        guard let first = centres.first, let last = centres.last else { return }
        for centreRow in centres {
            for centreColumn in centres where !Self.isFinderCorner(centreRow, centreColumn, first, last) {
                for row in (centreRow - 2)...(centreRow + 2) {
                    for column in (centreColumn - 2)...(centreColumn + 2) {
                        let ring = max(abs(row - centreRow), abs(column - centreColumn))
                        setFunction(row: row, column: column, dark: ring != 1)
                    }
                }
            }
        }
    }

    private static func isFinderCorner(_ row: Int, _ column: Int, _ first: Int, _ last: Int) -> Bool {
        (row == first && column == first) || (row == first && column == last) || (row == last && column == first)
    }

    /// Both copies of the format information and the dark module, all light for now.
    private mutating func reserveFormatAreas() { drawFormatBits(0, darkModule: false) }

    /// The format information's 15 bits and the dark module above the lower copy (§7.9.1).
    private mutating func drawFormatBits(_ bits: Int, darkModule: Bool) {
        for index in 0..<15 {
            let isDark = (bits >> index) & 1 == 1
            for position in formatPositions(bit: index) {
                setFunction(row: position.row, column: position.column, dark: isDark)
            }
        }
        setFunction(row: size - 8, column: 8, dark: darkModule)
    }

    /// Where format bit `index` goes, in both copies. Bits 0…7: down column 8 from the top
    /// (skipping the timing row), and leftwards along row 8 from the right edge. Bits 8…14:
    /// leftwards along row 8 from column 7 (skipping the timing column), and down column 8
    /// to the bottom edge.
    private func formatPositions(bit index: Int) -> [(row: Int, column: Int)] {
        if index < 8 {
            return [(row: index < 6 ? index : index + 1, column: 8), (row: 8, column: size - 1 - index)]
        }
        return [(row: 8, column: index == 8 ? 7 : 14 - index), (row: size - 15 + index, column: 8)]
    }

    /// The 18 version bits (§7.10) in the 6×3 block above the lower left finder and its
    /// transpose left of the upper right one; bit i at (i / 3, size - 11 + i % 3).
    private mutating func drawVersionInformation(version: Int, bits: Int) {
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            setFunction(row: index / 3, column: size - 11 + index % 3, dark: isDark)
            setFunction(row: size - 11 + index % 3, column: index / 3, dark: isDark)
        }
    }

    /// The format and version information of the finished symbol, drawn once the mask is chosen.
    mutating func drawInformation(version: Int, errorCorrection: QRCode.ErrorCorrection, mask: Int) {
        drawFormatBits(QRInformationBits.format(errorCorrection: errorCorrection, mask: mask), darkModule: true)
        if version >= 7 { drawVersionInformation(version: version, bits: QRInformationBits.version(version)) }
    }

    /// Places the codewords' bits in the data modules (§7.7.3): two-module columns from the
    /// right, upwards and downwards by turns, skipping the timing column; within a column pair
    /// the right module first. Modules left over stay light (the remainder bits).
    mutating func placeCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upwards = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upwards ? size - 1 - step : step
                for column in [right, right - 1] where !isReserved(row: row, column: column) && bitIndex < bitCount {
                    self[row, column] = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
        precondition(bitIndex == bitCount, "placed \(bitIndex) of \(bitCount) bits")
    }

    /// Flips every data module where `mask` says so (§7.8.2).
    mutating func applyMask(_ mask: QRMask) {
        for row in 0..<size {
            for column in 0..<size where !isReserved(row: row, column: column) && mask.flips(row: row, column: column) {
                self[row, column].toggle()
            }
        }
    }
}

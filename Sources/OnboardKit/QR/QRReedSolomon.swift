/// Reed-Solomon error correction over GF(256) with the field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D), generator roots α⁰…αⁿ⁻¹ (ISO/IEC 18004 §7.5.2).
struct QRReedSolomon {
    /// The generator polynomial's coefficients, highest degree first, leading 1 left out.
    let generator: [UInt8]

    init(errorCorrectionCodewords degree: Int) {
        precondition(degree >= 1 && degree <= 255, "no generator of degree \(degree)")
        // Start from 1 and multiply by (x - αⁱ) for each root; in GF(2⁸) minus is plus.
        var polynomial: [UInt8] = [1]
        for exponent in 0..<degree {
            let root = Self.exponents[exponent]
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= Self.multiply(coefficient, root)
            }
            polynomial = product
        }
        generator = Array(polynomial.dropFirst())
    }

    /// The error correction codewords of one block: the remainder of data·xⁿ divided by the
    /// generator.
    func errorCorrection(for data: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices { remainder[index] ^= Self.multiply(generator[index], factor) }
        }
        return remainder
    }

    /// αⁱ for i in 0..<255, α being 2.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 255)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// log_α(v) for v in 1...255 (index 0 is unused).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for (exponent, value) in exponents.enumerated() { table[Int(value)] = exponent }
        return table
    }()

    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        guard left != 0, right != 0 else { return 0 }
        return exponents[(logarithms[Int(left)] + logarithms[Int(right)]) % 255]
    }
}

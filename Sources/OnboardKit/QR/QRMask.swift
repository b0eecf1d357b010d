/// One of the eight data mask patterns (ISO/IEC 18004 §7.8.2); QRPenalty picks among them.
struct QRMask: Equatable {
    let pattern: Int

    init(_ pattern: Int) {
        precondition((0...7).contains(pattern), "no mask pattern \(pattern)")
        self.pattern = pattern
    }

    static let all = (0...7).map(QRMask.init)

    /// Whether the mask inverts the module at (row i, column j) (Table 10).
    func flips(row i: Int, column j: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}

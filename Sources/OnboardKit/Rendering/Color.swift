/// A colour as the core asks for it; the terminal shell maps it to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 256 indexed colours (0-15 are the basic and bright ANSI colours).
    case indexed(UInt8)
    /// A 24-bit colour; shown as the nearest indexed colour where truecolor is not available.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let brightBlack = Color.indexed(8)
    public static let brightWhite = Color.indexed(15)

    /// The red, green and blue components (xterm's palette for indexed colours).
    public var components: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .terminalDefault:
            return nil
        case .rgb(let red, let green, let blue):
            return (red, green, blue)
        case .indexed(let index):
            return Color.xtermComponents(index)
        }
    }

    static func xtermComponents(_ index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let basic: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return basic[Int(index)] }
        if index >= 232 {
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
        let cube = Int(index) - 16
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
    }

    /// The nearest colour of the xterm 6x6x6 cube or grey ramp (indices 16-255).
    public static func nearestIndexed(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        func cubeLevel(_ value: UInt8) -> Int {
            let value = Int(value)
            if value < 48 { return 0 }
            if value < 115 { return 1 }
            return (value - 35) / 40
        }
        let (cr, cg, cb) = (cubeLevel(red), cubeLevel(green), cubeLevel(blue))
        let cubeIndex = UInt8(16 + 36 * cr + 6 * cg + cb)
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyIndex = UInt8(232 + greyStep)
        func distance(_ index: UInt8) -> Int {
            let (r, g, b) = xtermComponents(index)
            let dr = Int(r) - Int(red)
            let dg = Int(g) - Int(green)
            let db = Int(b) - Int(blue)
            return dr * dr + dg * dg + db * db
        }
        return distance(greyIndex) < distance(cubeIndex) ? greyIndex : cubeIndex
    }

}

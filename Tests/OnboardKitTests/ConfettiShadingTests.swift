import Testing

@testable import OnboardKit

/// A fading piece under truecolor changes colour no more often than at 256 colours (each
/// change is a cell written again, in a longer escape), and still fades from the deck's colour.
@Suite struct ConfettiShadingTests {
    static let palette = ConfettiPalette.defaults + [.rgb(20, 20, 40), .indexed(202)]

    static func fade(_ shading: inout ConfettiShading, index: Int, glint: Int) -> [Color] {
        (1...ConfettiShading.levels).map { shading.color(index, glint: glint, level: $0) }
    }

    static func changes(_ colors: [Color]) -> Int {
        zip(colors, colors.dropFirst()).filter { $0 != $1 }.count
    }

    @Test(arguments: [Color.terminalDefault, .rgb(250, 250, 245)])
    func truecolorChangesNoMoreOftenThan256Colours(background: Color) {
        var truecolor = ConfettiShading(palette: Self.palette, colorMode: .truecolor, background: background)
        var indexed = ConfettiShading(palette: Self.palette, colorMode: .indexed256, background: background)
        for index in Self.palette.indices {
            for glint in ConfettiShading.glints.indices {
                let fine = Self.fade(&truecolor, index: index, glint: glint)
                let coarse = Self.fade(&indexed, index: index, glint: glint)
                #expect(Self.changes(fine) == Self.changes(coarse), "palette \(index), glint \(glint)")
                // Where 256 colours change, truecolor changes too: the same steps.
                for level in 1..<fine.count where coarse[level] != coarse[level - 1] {
                    #expect(fine[level] != fine[level - 1], "palette \(index), glint \(glint), level \(level + 1)")
                }
            }
        }
    }

    @Test func fullStrengthIsTheDecksColourAndTheFadeDarkens() {
        var shading = ConfettiShading(palette: [.rgb(200, 100, 50)], colorMode: .truecolor, background: .rgb(0, 0, 0))
        #expect(shading.color(0, glint: 0, level: ConfettiShading.levels) == .rgb(200, 100, 50))
        let fade = Self.fade(&shading, index: 0, glint: 0)
        let reds = fade.map { color -> Int in
            guard case .rgb(let red, _, _) = color else { return -1 }
            return Int(red)
        }
        #expect(reds == reds.sorted())
        #expect(reds.first! < 100)
    }
}

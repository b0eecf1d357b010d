@testable import OnboardKit

/// Shared scenes for the confetti tests.
enum ConfettiFixtures {
    /// A page with text, a coloured header and a reversed button, as confetti would fall on.
    static func page(width: Int = 60, height: Int = 20) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 3), with: Cell(style: Style(background: .indexed(24))))
        canvas.draw(
            "Welcome aboard", x: 2, y: 1, style: Style(foreground: .brightWhite, background: .indexed(24)).bold())
        let body = [
            "Everything you need to get started, in three short pages.",
            "Swipe with the arrow keys; press c to celebrate.",
            "日本語 text and 🎉 emoji stay whole under the confetti.",
        ]
        for (offset, line) in body.enumerated() { canvas.draw(line, x: 1, y: 5 + offset * 2) }
        canvas.draw("  Continue  ", x: width / 2 - 6, y: height - 3, style: Style.plain.reversed())
        return canvas
    }

    /// Steps a system `frames` times at `rate` Hz.
    static func run(_ system: inout ParticleSystem, frames: Int, rate: Double = 60) {
        for _ in 0..<frames { system.step(dt: 1 / rate) }
    }

    /// A system with one cannon fired at seed `seed` on a `width` × `height` screen.
    static func fired(_ cannon: ConfettiCannon, seed: UInt64 = 42, width: Int = 60, height: Int = 20) -> ParticleSystem
    {
        var system = ParticleSystem()
        var rng = SeededGenerator(seed: seed)
        system.fire(cannon, in: (width: width, height: height), rng: &rng)
        return system
    }

    /// A piece that stays where it is put: no speed, gravity, flutter or fading.
    static func still(
        at origin: ConfettiOrigin, color: Color, piece: ConfettiPiece = .shape(.square), fades: Bool = false
    ) -> ConfettiCannon {
        ConfettiCannon(
            num: 1, confettis: [piece], colors: [color], fadesOut: fades, radius: 0, gravity: 0, flutter: 0,
            lifetime: 2, lifetimeVariation: 0, origin: origin)
    }
}

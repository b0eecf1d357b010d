extension ConfettiCannon {
    /// The mobile cannon exactly as its defaults fire it: 20 pieces up between 60° and 120°.
    public static let cannon = ConfettiCannon()

    /// Pieces drifting down from the whole top edge for a few seconds.
    public static let rain = ConfettiCannon(
        num: 6, openingAngle: 250, closingAngle: 290, radius: 24, repetitions: 30, repetitionInterval: 0.15,
        flutter: 1.5, lifetime: 8, lifetimeVariation: 0.1, origin: .topEdge)

    /// A round burst from the middle of the screen.
    public static let burst = ConfettiCannon(
        num: 60, openingAngle: 0, closingAngle: 360, radius: 220, origin: .center)

    /// Rockets that rise from the bottom and burst into sparks of their colour.
    public static let fireworks = ConfettiCannon(
        num: 3, confettis: [.shape(.circle), .shape(.square)], rainHeight: 120, openingAngle: 78, closingAngle: 102,
        radius: 260, repetitions: 3, repetitionInterval: 0.8, drag: 3, flutter: 0.3, lifetime: 1.6,
        origin: .point(x: 0.5, y: 1), rocket: ConfettiRocket(sparks: 40, fuse: 0.8, sparkRadius: 120))

    /// What the celebrate key fires when the deck says nothing else: two wide volleys.
    public static let celebration = ConfettiCannon(
        num: 60, openingAngle: 40, closingAngle: 140, radius: 340, repetitions: 2, repetitionInterval: 0.6)

    /// The presets a deck may name in `"preset"`.
    public static let presets: [String: ConfettiCannon] = [
        "cannon": .cannon, "rain": .rain, "burst": .burst, "fireworks": .fireworks, "celebration": .celebration,
    ]
}

extension Deck {
    /// Whether any page shows a PNG picture: only then is the terminal asked about graphics.
    public var hasPictures: Bool {
        pages.contains { page in
            switch page {
            case .step(let step): return step.picture != nil
            case .hero(let hero): return hero.picture != nil
            case .paywall, .question: return false
            }
        }
    }
}

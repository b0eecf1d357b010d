/// One of a deck's experiments: who sees which variant of its texts (and, through "when"
/// conditions, of its pages), decided offline from the install id alone.
public struct Experiment: Hashable, Sendable {
    /// One variant and its share of the users who are not held out.
    public struct Variant: Hashable, Sendable {
        public var id: String
        /// Relative to the other variants' weights; zero takes no one (a variant being retired).
        public var weight: Double

        public init(id: String, weight: Double) {
            self.id = id
            self.weight = weight
        }
    }

    public var id: String
    /// Mixed into the hash with the install id: a new seed reshuffles everyone; nil: the id.
    public var seed: String?
    /// At least one, with unique ids, and a total weight above zero.
    public var variants: [Variant]
    /// The percentage (0-100) of users assigned to no variant, who see the default texts.
    public var holdout: Double

    public init(id: String, seed: String? = nil, variants: [Variant], holdout: Double = 0) {
        self.id = id
        self.seed = seed
        self.variants = variants
        self.holdout = holdout
    }

    /// The variants' ids in the deck's order.
    public var variantIDs: [String] { variants.map(\.id) }

    /// The string hashed with the install id: the seed, else the experiment's id (GrowthBook
    /// uses `experiment.seed || experiment.key` the same way).
    public var hashSeed: String { seed ?? id }
}

extension Deck {
    /// Each experiment's variant ids by experiment id: what `"when"` conditions and
    /// `--variant` are checked against.
    public var experimentVariantIDs: [String: [String]] {
        Dictionary(experiments.map { ($0.id, $0.variantIDs) }, uniquingKeysWith: { first, _ in first })
    }
}

/// What a page's condition is tested against: plain data the host gathers, so the core reads
/// no file and no clock to decide which pages show.
public struct ConditionContext: Hashable, Sendable {
    /// The answers given so far, by question id.
    public var answers: [String: Answer]
    /// The entitlement ids active now (as `has` answers).
    public var entitled: Set<String>
    /// Experiment id -> the variant id assigned; empty when the deck has no experiments.
    public var variants: [String: String]

    public init(answers: [String: Answer] = [:], entitled: Set<String> = [], variants: [String: String] = [:]) {
        self.answers = answers
        self.entitled = entitled
        self.variants = variants
    }
}

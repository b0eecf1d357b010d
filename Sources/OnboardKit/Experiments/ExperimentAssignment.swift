/// Which variant of each experiment a user sees: a pure function of the install id, the
/// deck's experiments, the assignments kept from earlier runs and the ones forced for a run.
public enum ExperimentAssignment {
    /// The variant `installID` falls into, or nil when it is held out (or every weight is zero).
    ///
    /// The 0 ..< 10000 bucket is laid out holdout first (`holdout` percent of the buckets), then
    /// the variants in the deck's order, each taking a share of the rest in proportion to its
    /// weight.
    public static func variant(of experiment: Experiment, installID: String) -> String? {
        variant(of: experiment, bucket: ExperimentHash.bucket(seed: experiment.hashSeed, id: installID))
    }

    /// The variant at `bucket` (0 ..< 10000); nil in the holdout.
    public static func variant(of experiment: Experiment, bucket: Int) -> String? {
        let count = ExperimentHash.bucketCount
        let heldOut = min(count, max(0, Int((experiment.holdout * 100).rounded())))
        guard bucket >= heldOut, heldOut < count else { return nil }
        let total = experiment.variants.reduce(0) { $0 + max(0, $1.weight) }
        guard total > 0 else { return nil }
        // Where the bucket stands among those not held out, as a share of the total weight.
        let position = Double(bucket - heldOut) / Double(count - heldOut) * total
        var end = 0.0
        for variant in experiment.variants where variant.weight > 0 {
            end += variant.weight
            if position < end { return variant.id }
        }
        return experiment.variants.last { $0.weight > 0 }?.id
    }

    /// Every experiment's variant for this run, by experiment id; a held-out user's
    /// experiments are absent. A forced variant wins; then one kept from an earlier run, as
    /// long as the deck still has it (weights changed later do not move anyone); then the hash.
    public static func assignments(
        for experiments: [Experiment], installID: String, stored: [String: String] = [:],
        forced: [String: String] = [:]
    ) -> [String: String] {
        var assigned: [String: String] = [:]
        for experiment in experiments {
            if let variant = forced[experiment.id] {
                assigned[experiment.id] = variant
            } else if let kept = stored[experiment.id], experiment.variantIDs.contains(kept) {
                assigned[experiment.id] = kept
            } else if let variant = variant(of: experiment, installID: installID) {
                assigned[experiment.id] = variant
            }
        }
        return assigned
    }
}

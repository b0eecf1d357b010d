import FoundationEssentials
import OnboardDisk
import OnboardKit

/// A run's experiments: the install id read from the state directory (made on the first run
/// that needs it), the assignments kept there from earlier tours, and the ones forced for
/// this run (`--variant`), turned into the reader's variant of each experiment while the deck
/// is read (`DeckLoader.load(assign:)`).
///
/// Nothing here stops a run: an install id that cannot be read or made leaves every reader
/// in no variant (the default texts), said once, rather than a new id each run, which would
/// move the user between variants.
public final class RunExperiments {
    public let stateDirectory: String
    /// Experiment id -> variant id, over every other rule; never kept in the state.
    public let forced: [String: String]
    /// Why the state directory may not be used; then nothing is read or made there.
    public let refusal: String?
    /// Messages for the user, to be said once on stderr.
    public private(set) var problems: [String] = []

    public init(stateDirectory: String, forced: [String: String] = [:], refusal: String? = nil) {
        self.stateDirectory = stateDirectory
        self.forced = forced
        self.refusal = refusal
    }

    /// The reader's variant of each of `experiments` for `appID`'s deck.
    public func assign(appID: String, experiments: [Experiment]) -> [String: String] {
        guard !experiments.isEmpty else { return [:] }
        guard refusal == nil else { return Self.withoutHashing(experiments, kept: [:], forced: forced) }
        let state = try? FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
        let kept = state?.assignments(forApp: appID) ?? [:]
        let installID: String
        do {
            let loaded = try InstallIDFile(directory: stateDirectory).load()
            installID = loaded.id
            if case .replaced(let reason, let movedTo) = loaded.origin {
                problems.append(
                    Messages.tr(
                        "The install id was damaged ({{ reason }}); it was moved to {{ path }} and a new one made",
                        ["reason": reason, "path": SafeText.sanitize(movedTo)]))
            } else if loaded.origin == .created, !kept.isEmpty {
                problems.append(
                    Messages.tr("The install id was missing, so a new one was made; variants shown are kept"))
            }
        } catch {
            problems.append(
                Messages.tr(
                    "Experiments show their default texts: the install id could not be kept ({{ reason }})",
                    ["reason": error.description]))
            return Self.withoutHashing(experiments, kept: kept, forced: forced)
        }
        return ExperimentAssignment.assignments(for: experiments, installID: installID, stored: kept, forced: forced)
    }

    /// The forced and kept assignments alone, for a run without an install id.
    static func withoutHashing(_ experiments: [Experiment], kept: [String: String], forced: [String: String])
        -> [String: String]
    {
        let known = experiments.filter { forced[$0.id] != nil || kept[$0.id] != nil }
        return ExperimentAssignment.assignments(for: known, installID: "", stored: kept, forced: forced)
    }

    /// Why `forced` cannot apply to `deck`: an experiment or a variant it does not have, with
    /// the closest id. Nil when every one names a variant of the deck.
    public static func problem(forcing forced: [String: String], in deck: Deck) -> String? {
        let experiments = deck.experimentVariantIDs
        for given in forced.keys.sorted() {
            // Typed on the command line: shown only made safe.
            let (experiment, variant) = (given, forced[given]!)
            let (shownExperiment, shownVariant) = (SafeText.excerpt(experiment), SafeText.excerpt(variant))
            guard let variants = experiments[experiment] else {
                let known = experiments.keys.sorted()
                let hint = Suggestions.closest(to: experiment, in: known).first.map {
                    " (" + Messages.tr("did you mean {{ name }}?", ["name": $0]) + ")"
                }
                return known.isEmpty
                    ? Messages.tr(
                        "--variant {{ experiment }}: the deck has no experiments", ["experiment": shownExperiment])
                    : Messages.tr(
                        "--variant {{ experiment }}: the deck has no such experiment; its experiments: {{ list }}",
                        ["experiment": shownExperiment, "list": known.joined(separator: ", ")]) + (hint ?? "")
            }
            guard variants.contains(variant) else {
                let hint = Suggestions.closest(to: variant, in: variants).first.map {
                    " (" + Messages.tr("did you mean {{ name }}?", ["name": $0]) + ")"
                }
                return Messages.tr(
                    "--variant {{ experiment }}={{ variant }}: the experiment has no such variant; its variants: {{ list }}",
                    ["experiment": shownExperiment, "variant": shownVariant, "list": variants.joined(separator: ", ")])
                    + (hint ?? "")
            }
        }
        return nil
    }
}

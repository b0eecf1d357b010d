import Foundation
import Testing

@testable import OnboardKit

@Suite struct FirstRunStateTests {
    static let day = Date(timeIntervalSince1970: 86_400)
    static let later = Date(timeIntervalSince1970: 2 * 86_400)

    static func seen(_ version: String, _ completion: FirstRunState.Completion = .finished) -> FirstRunState {
        var state = FirstRunState()
        state.record(appID: "demo", version: version, completion: completion, date: day)
        return state
    }

    static func quit(_ version: String) -> FirstRunState {
        var state = FirstRunState()
        state.record(appID: "demo", version: version, completion: .skipped, date: day, quit: true)
        return state
    }

    /// Pages: 0 and 1 as old as the app, then pages new in 1.1.0, 1.2.0, 2.0.0-beta.1 and 2.0.0.
    static let since: [String?] = [nil, nil, "1.1.0", "1.2.0", "2.0.0-beta.1", "2.0.0"]

    @Test func appNeverSeenGetsTheWholeTour() {
        #expect(FirstRunState().presentation(appID: "demo", version: "1.0.0", pageSince: Self.since) == .firstRun)
        #expect(Self.seen("1.0.0").presentation(appID: "other", version: "1.0.0") == .firstRun)
    }

    @Test(arguments: [
        // Same version, older version (a downgrade): seen.
        ("1.2.0", "1.2.0", OnboardingPresentation.nothing(.seen)),
        ("1.2.0", "1.1.0", .nothing(.seen)),
        ("2.0.0", "2.0.0-beta.1", .nothing(.seen)),
        ("1.2.0", "1.2.0+build.7", .nothing(.seen)),
        // Upgrades: only the pages after the version seen and up to this one.
        ("1.0.0", "1.1.0", .whatsNew(previous: "1.0.0", pages: [2])),
        ("1.0.0", "1.2.0", .whatsNew(previous: "1.0.0", pages: [2, 3])),
        ("1.1.0", "1.2.0", .whatsNew(previous: "1.1.0", pages: [3])),
        ("1.2.0", "2.0.0-beta.1", .whatsNew(previous: "1.2.0", pages: [4])),
        ("1.2.0", "2.0.0", .whatsNew(previous: "1.2.0", pages: [4, 5])),
        ("2.0.0-beta.1", "2.0.0", .whatsNew(previous: "2.0.0-beta.1", pages: [5])),
        ("2.0.0-alpha", "2.0.0-beta.2", .whatsNew(previous: "2.0.0-alpha", pages: [4])),
        ("v1.0", "1.2.0+7", .whatsNew(previous: "v1.0", pages: [2, 3])),
        // Upgrades with nothing new in between.
        ("1.2.0", "1.2.1", .nothing(.noNewPages)),
        ("1.2.0", "1.9.0", .nothing(.noNewPages)),
        ("2.0.0", "2.1.0", .nothing(.noNewPages)),
        // Versions that are not semantic versions cannot place a page.
        ("nightly", "nightly", .nothing(.seen)),
        ("nightly", "1.2.0", .nothing(.noNewPages)),
    ])
    func presentationShowsOnlyWhatIsNew(seen: String, running: String, expected: OnboardingPresentation) {
        #expect(Self.seen(seen).presentation(appID: "demo", version: running, pageSince: Self.since) == expected)
    }

    @Test func pagesWithSinceAreInTheFirstLaunchAndPagesWithoutAreNeverNew() {
        // A page without since is as old as the app: no upgrade shows it.
        let since: [String?] = [nil, nil]
        #expect(
            Self.seen("1.0.0").presentation(appID: "demo", version: "9.0.0", pageSince: since) == .nothing(.noNewPages))
    }

    // MARK: Transitions

    struct Transition: CustomTestStringConvertible, Sendable {
        var name: String
        var before: FirstRunState
        var visit: FirstRunVisit
        /// The record afterwards: version seen, completion, date; nil for no record.
        var after: (String, FirstRunState.Completion, Date)?
        var changes: Bool
        var testDescription: String { name }
    }

    static func visit(
        _ outcome: RunOutcome, at version: String, reason: NotShownReason? = nil
    ) -> FirstRunVisit {
        FirstRunVisit(appID: "demo", version: version, outcome: outcome, reason: reason, date: later)
    }

    static let transitions: [Transition] = [
        Transition(
            name: "first launch, completed", before: FirstRunState(), visit: visit(.completed, at: "1.0.0"),
            after: ("1.0.0", .finished, later), changes: true),
        Transition(
            name: "first launch, skipped", before: FirstRunState(), visit: visit(.skipped, at: "1.0.0"),
            after: ("1.0.0", .skipped, later), changes: true),
        Transition(
            name: "quit mid-tour with q counts as skipped, marked as a quit", before: FirstRunState(),
            visit: visit(.quit, at: "1.0.0"), after: ("1.0.0", .skipped, later), changes: true),
        Transition(
            name: "skipped after a quit is no longer a quit", before: quit("1.0.0"),
            visit: visit(.skipped, at: "1.0.0"), after: ("1.0.0", .skipped, later), changes: true),
        Transition(
            name: "completed after a quit is no longer a quit", before: quit("1.0.0"),
            visit: visit(.completed, at: "1.2.0"), after: ("1.2.0", .finished, later), changes: true),
        Transition(
            name: "interrupted mid-tour records nothing", before: FirstRunState(),
            visit: visit(.interrupted, at: "1.0.0"), after: nil, changes: false),
        Transition(
            name: "interrupted What's New keeps the old version", before: seen("1.0.0"),
            visit: visit(.interrupted, at: "1.2.0"), after: ("1.0.0", .finished, day), changes: false),
        Transition(
            name: "upgrade with new pages, completed", before: seen("1.0.0", .skipped),
            visit: visit(.completed, at: "1.2.0"), after: ("1.2.0", .finished, later), changes: true),
        Transition(
            name: "upgrade with new pages, skipped", before: seen("1.0.0"), visit: visit(.skipped, at: "1.2.0"),
            after: ("1.2.0", .skipped, later), changes: true),
        Transition(
            name: "upgrade without new pages notes the version", before: seen("1.2.0", .skipped),
            visit: visit(.notShown, at: "1.2.1", reason: .noNewPages), after: ("1.2.1", .skipped, later),
            changes: true),
        Transition(
            name: "same version, not shown: nothing to write", before: seen("1.2.0"),
            visit: visit(.notShown, at: "1.2.0", reason: .seen), after: ("1.2.0", .finished, day), changes: false),
        Transition(
            name: "downgrade, not shown: the newer version stays", before: seen("2.0.0"),
            visit: visit(.notShown, at: "1.2.0", reason: .seen), after: ("2.0.0", .finished, day), changes: false),
        Transition(
            name: "downgrade, tour shown without --first-run: the newer version stays", before: seen("2.0.0"),
            visit: visit(.completed, at: "1.2.0"), after: ("2.0.0", .finished, later), changes: true),
        Transition(
            name: "prerelease, then its release", before: seen("2.0.0-beta.1"),
            visit: visit(.completed, at: "2.0.0"), after: ("2.0.0", .finished, later), changes: true),
        Transition(
            name: "release, then an older prerelease", before: seen("2.0.0"),
            visit: visit(.completed, at: "2.0.0-rc.1"), after: ("2.0.0", .finished, later), changes: true),
        Transition(
            name: "corrupt state (loaded as empty), completed", before: FirstRunState(),
            visit: visit(.completed, at: "1.2.0"), after: ("1.2.0", .finished, later), changes: true),
    ]

    @Test(arguments: transitions)
    func runsChangeTheStateAsDocumented(_ transition: Transition) {
        var state = transition.before
        #expect(state.apply(transition.visit) == transition.changes)
        let record = state.apps["demo"]
        if let (version, completion, date) = transition.after {
            #expect(record?.lastSeenVersion == version)
            #expect(record?.completion == completion)
            #expect(record?.date == date)
            // Only a quit is marked as one, and a later run's way out replaces the mark.
            #expect(record?.wasQuit == (transition.visit.outcome == .quit))
        } else {
            #expect(record == nil)
        }
    }

    /// Whole lives of an app: each step is a `--first-run` start at a version and how the user
    /// leaves what is shown; what each start shows is checked.
    @Test(
        arguments: [
            (
                "first run, then nothing", [("1.0.0", RunOutcome.completed), ("1.0.0", .completed)],
                [OnboardingPresentation.firstRun, .nothing(.seen)]
            ),
            (
                "interrupted, so the tour comes back", [("1.0.0", .interrupted), ("1.0.0", .completed)],
                [.firstRun, .firstRun]
            ),
            (
                "upgrade shows only the new pages, once",
                [("1.0.0", .skipped), ("1.2.0", .completed), ("1.2.0", .completed)],
                [.firstRun, .whatsNew(previous: "1.0.0", pages: [2, 3]), .nothing(.seen)]
            ),
            (
                "a patch with nothing new, then a version with new pages",
                [("1.1.0", .completed), ("1.1.5", .completed), ("1.2.0", .completed)],
                [.firstRun, .nothing(.noNewPages), .whatsNew(previous: "1.1.5", pages: [3])]
            ),
            (
                "a downgrade and back shows nothing",
                [("2.0.0", .completed), ("1.2.0", .completed), ("2.0.0", .completed)],
                [.firstRun, .nothing(.seen), .nothing(.seen)]
            ),
            (
                "beta, then release", [("1.2.0", .completed), ("2.0.0-beta.1", .completed), ("2.0.0", .completed)],
                [.firstRun, .whatsNew(previous: "1.2.0", pages: [4]), .whatsNew(previous: "2.0.0-beta.1", pages: [5])]
            ),
        ] as [(String, [(String, RunOutcome)], [OnboardingPresentation])])
    func startsOverAnAppsLife(name: String, runs: [(String, RunOutcome)], expected: [OnboardingPresentation]) {
        var state = FirstRunState()
        var shown: [OnboardingPresentation] = []
        for (index, (version, outcome)) in runs.enumerated() {
            let presentation = state.presentation(appID: "demo", version: version, pageSince: Self.since)
            shown.append(presentation)
            let date = Date(timeIntervalSince1970: Double(index))
            if case .nothing(let reason) = presentation {
                state.apply(
                    FirstRunVisit(appID: "demo", version: version, outcome: .notShown, reason: reason, date: date))
            } else {
                state.apply(FirstRunVisit(appID: "demo", version: version, outcome: outcome, date: date))
            }
        }
        #expect(shown == expected, "\(name)")
    }

    // MARK: The review prompt

    @Test(
        arguments: [
            (nil, "1.0.0", true),
            (ReviewRecord(version: "1.0.0", answer: nil, date: day), "1.0.0", false),
            (ReviewRecord(version: "1.0.0", answer: nil, date: day), "1.1.0", true),
            (ReviewRecord(version: "1.0.0", answer: .later, date: day), "1.0.0", false),
            (ReviewRecord(version: "1.0.0", answer: .later, date: day), "1.1.0", true),
            (ReviewRecord(version: "1.0.0", answer: .never, date: day), "2.0.0", false),
            (ReviewRecord(version: "1.0.0", answer: .rated(stars: 2), date: day), "2.0.0", false),
            (ReviewRecord(version: "1.0.0", answer: .rated(stars: 5), date: day), "1.0.0", false),
        ] as [(ReviewRecord?, String, Bool)])
    func reviewIsOfferedOncePerVersionAndNeverAfterAnAnswer(review: ReviewRecord?, version: String, offered: Bool) {
        var state = Self.seen("1.0.0")
        state.apps["demo"]?.review = review
        #expect(state.offersReview(appID: "demo", version: version) == offered)
    }

    @Test func aShownReviewIsRecordedWithTheCompletion() {
        var state = FirstRunState()
        #expect(state.offersReview(appID: "demo", version: "1.0.0"))
        state.apply(
            FirstRunVisit(
                appID: "demo", version: "1.0.0", outcome: .completed, reviewShown: true, reviewAnswer: .later,
                date: Self.day))
        #expect(state.apps["demo"]?.review == ReviewRecord(version: "1.0.0", answer: .later, date: Self.day))
        #expect(!state.offersReview(appID: "demo", version: "1.0.0"))
        // A later tour keeps the answer.
        state.apply(FirstRunVisit(appID: "demo", version: "1.1.0", outcome: .skipped, date: Self.later))
        #expect(state.apps["demo"]?.review?.answer == .later)
        #expect(state.offersReview(appID: "demo", version: "1.1.0"))
    }

    // MARK: Semantic versions

    @Test(
        arguments: [
            ("1.4.0", SemanticVersion(major: 1, minor: 4)),
            ("v2", SemanticVersion(major: 2)),
            ("10.20.30-beta.1+build.5", SemanticVersion(major: 10, minor: 20, patch: 30, suffix: "-beta.1+build.5")),
            ("1.2.3+7", SemanticVersion(major: 1, minor: 2, patch: 3, suffix: "+7")),
            ("", nil), ("1..2", nil), ("1.2.3.4", nil), ("a.b", nil), ("-1.0", nil), ("1.+2", nil), ("١.٢", nil),
            ("1.0.0-", nil), ("1.0.0-a..b", nil),
        ] as [(String, SemanticVersion?)])
    func semanticVersionParsesLeniently(text: String, expected: SemanticVersion?) {
        #expect(SemanticVersion(text) == expected)
    }

    /// Each version is below the next (the SemVer 2.0 specification's own example, and more).
    @Test func semanticVersionsOrderAsSemVerSays() throws {
        let ascending = try [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "1.9.2", "1.10.0", "2.0.0-beta.1", "2.0.0", "2.0.1-0", "2.0.1-99999999999999999999",
            "2.0.1-a", "2.0.1",
        ].map { try #require(SemanticVersion($0), "\($0)") }
        for (lower, higher) in zip(ascending, ascending.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower), "\(higher) < \(lower)")
        }
    }

    @Test func buildMetadataIsIgnored() throws {
        let plain = try #require(SemanticVersion("1.2.0"))
        let built = try #require(SemanticVersion("1.2.0+build.9"))
        #expect(!(plain < built) && !(built < plain))
        #expect(plain.hasSamePrecedence(as: built))
        let beta = try #require(SemanticVersion("1.2.0-beta+exp.sha.5114f85"))
        #expect(beta.preRelease == "beta")
        #expect(beta < plain)
    }

    @Test func semanticVersionBumpNamesTheMostSignificantChange() throws {
        let base = try #require(SemanticVersion("1.4.2"))
        #expect(try #require(SemanticVersion("2.0.0")).bump(since: base) == .major)
        #expect(try #require(SemanticVersion("1.5.0")).bump(since: base) == .minor)
        #expect(try #require(SemanticVersion("1.4.3")).bump(since: base) == .patch)
        #expect(try #require(SemanticVersion("1.4.2-rc")).bump(since: base) == nil)
        #expect(try #require(SemanticVersion("1.3.9")).bump(since: base) == nil)
    }
}

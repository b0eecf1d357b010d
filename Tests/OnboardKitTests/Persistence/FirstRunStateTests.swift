import Foundation
import Testing

@testable import OnboardKit

@Suite struct FirstRunStateTests {
    static func seen(_ version: String) -> FirstRunState {
        var state = FirstRunState()
        state.record(appID: "demo", version: version, completion: .finished, date: Date(timeIntervalSince1970: 0))
        return state
    }

    @Test func appNeverSeenGetsTheTour() {
        #expect(FirstRunState().shouldShow(appID: "demo", version: "1.0.0") == .firstRun)
        #expect(Self.seen("1.0.0").shouldShow(appID: "other", version: "1.0.0") == .firstRun)
    }

    @Test(arguments: [
        ("1.4.0", "1.4.0", OnboardingPresentation.none),
        ("1.4.0", "1.4.1", .none),
        ("1.4.0", "1.5.0", .whatsNew(previous: "1.4.0")),
        ("1.4.9", "1.5.0", .whatsNew(previous: "1.4.9")),
        ("1.4.0", "2.0.0", .whatsNew(previous: "1.4.0")),
        ("1.4", "1.4.0", .none),
        ("v1.4.0", "1.5", .whatsNew(previous: "v1.4.0")),
        ("1.9.0", "1.10.0", .whatsNew(previous: "1.9.0")),
        ("1.5.0", "1.4.0", .none),
        ("2.0.0", "1.9.9", .none),
        ("1.5.0-beta", "1.5.0", .none),
        ("1.4.0", "1.5.0-rc1", .whatsNew(previous: "1.4.0")),
        ("nightly", "nightly", .none),
        ("nightly", "1.0.0", .whatsNew(previous: "nightly")),
    ])
    func defaultThresholdCountsMajorAndMinorBumps(seen: String, running: String, expected: OnboardingPresentation) {
        #expect(Self.seen(seen).shouldShow(appID: "demo", version: running) == expected)
    }

    @Test(arguments: [
        (SemanticVersion.Part.major, "1.4.0", "1.9.0", OnboardingPresentation.none),
        (.major, "1.4.0", "2.0.0", .whatsNew(previous: "1.4.0")),
        (.patch, "1.4.0", "1.4.1", .whatsNew(previous: "1.4.0")),
        (.patch, "1.4.1", "1.4.1", .none),
        (.minor, "1.4.0", "1.4.7", .none),
    ])
    func thresholdIsAParameter(
        threshold: SemanticVersion.Part, seen: String, running: String, expected: OnboardingPresentation
    ) {
        #expect(Self.seen(seen).shouldShow(appID: "demo", version: running, threshold: threshold) == expected)
    }

    @Test func recordingTheNewVersionSilencesWhatsNew() {
        var state = Self.seen("1.4.0")
        #expect(state.shouldShow(appID: "demo", version: "1.5.0") == .whatsNew(previous: "1.4.0"))
        state.record(appID: "demo", version: "1.5.0", completion: .skipped, date: Date(timeIntervalSince1970: 5))
        #expect(state.shouldShow(appID: "demo", version: "1.5.0") == .none)
        #expect(state.apps["demo"]?.completion == .skipped)
    }

    @Test(
        arguments: [
            ("1.4.0", SemanticVersion(major: 1, minor: 4)),
            ("v2", SemanticVersion(major: 2)),
            ("10.20.30-beta.1+build.5", SemanticVersion(major: 10, minor: 20, patch: 30, suffix: "-beta.1+build.5")),
            ("1.2.3+7", SemanticVersion(major: 1, minor: 2, patch: 3, suffix: "+7")),
            ("", nil), ("1..2", nil), ("1.2.3.4", nil), ("a.b", nil), ("-1.0", nil), ("1.+2", nil), ("١.٢", nil),
        ] as [(String, SemanticVersion?)])
    func semanticVersionParsesLeniently(text: String, expected: SemanticVersion?) {
        #expect(SemanticVersion(text) == expected)
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

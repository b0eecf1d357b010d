import Foundation
import OnboardKit
import Testing

@testable import OnboardStore

@Suite struct FirstRunStoreTests {
    static let corruptionTime = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z

    static func store(_ directory: String) -> FirstRunStore {
        FirstRunStore(directory: directory, clock: { corruptionTime })
    }

    @Test func missingStateIsAFirstRun() throws {
        try withTemporaryDirectory { directory in
            let state = try Self.store(directory).load()
            #expect(state.shouldShow(appID: "demo", version: "1.0.0") == .firstRun)
        }
    }

    @Test func savedStateRoundTrips() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            var state = FirstRunState()
            state.record(
                appID: "demo", version: "1.4.0", completion: .skipped,
                date: Date(timeIntervalSince1970: 1_700_000_000.5))
            state.record(
                appID: "other/app", version: "2.0", completion: .finished, date: Date(timeIntervalSince1970: 3))
            try store.save(state)
            #expect(try store.load() == state)
            #expect(try store.load().shouldShow(appID: "demo", version: "1.5.0") == .whatsNew(previous: "1.4.0"))
        }
    }

    @Test func updateKeepsRecordsOfOtherApps() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            let date = Date(timeIntervalSince1970: 10)
            try store.update { $0.record(appID: "one", version: "1.0", completion: .finished, date: date) }
            let saved = try store.update { $0.record(appID: "two", version: "3.1", completion: .skipped, date: date) }
            #expect(try store.load() == saved)
            #expect(Set(saved.apps.keys) == ["one", "two"])
        }
    }

    @Test(arguments: [
        ("{\"apps\": {\"demo\": }", "1:19: unexpected"),
        (
            "{\"apps\": {\"demo\": {\"lastSeenVersion\": \"1.0\", \"completion\": \"done\", \"date\": 0}}}",
            "apps.demo.completion"
        ),
        ("[]", "Expected"),
        ("", "1:1"),
    ])
    func corruptFileIsMovedAsideWithAClearMessage(contents: String, expectedInReason: String) throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try writeBytes(Array(contents.utf8), to: store.statePath)

            let error = try #require(throws: FirstRunStoreError.self) { try store.load() }
            guard case let .corrupt(path, reason, movedTo) = error else {
                Issue.record("expected corruption, got \(error)")
                return
            }
            #expect(path == store.statePath)
            #expect(reason.contains(expectedInReason), "reason: \(reason)")
            #expect(movedTo == directory + "/state.corrupt-20250102T030405Z.json")
            #expect(try fileBytes(movedTo) == Array(contents.utf8))
            #expect(error.description.contains(movedTo))

            // Afterwards the app starts as on a first run, and saving works again.
            #expect(try store.load() == FirstRunState())
            try store.update {
                $0.record(appID: "demo", version: "1.0", completion: .finished, date: Date(timeIntervalSince1970: 0))
            }
            #expect(try store.load().apps["demo"]?.lastSeenVersion == "1.0")
        }
    }
}

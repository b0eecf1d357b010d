import Foundation
import OnboardKit
import Testing

@testable import OnboardDisk

@Suite struct FirstRunStateFileTests {
    static let corruptionTime = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z

    static func store(_ directory: String) -> FirstRunStateFile {
        FirstRunStateFile(directory: directory, clock: { corruptionTime })
    }

    @Test func missingStateIsAFirstRun() throws {
        try withTemporaryDirectory { directory in
            let state = try Self.store(directory).load()
            #expect(state.presentation(appID: "demo", version: "1.0.0") == .firstRun)
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
            #expect(try store.load().apps["demo"]?.lastSeenVersion == "1.4.0")
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

            let error = try #require(throws: FirstRunStateFileError.self) { try store.load() }
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

@Suite struct FirstRunStateFileFormatTests {
    /// A state file as versions before "What's New" pages and the review prompt wrote it.
    static let oldFormat = """
        {
          "apps" : {
            "com.example.tool" : {
              "completion" : "skipped",
              "date" : 1764547200,
              "lastSeenVersion" : "1.4.0"
            }
          }
        }

        """

    @Test func aStateFileOfAnEarlierVersionStillLoads() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            try writeBytes(Array(Self.oldFormat.utf8), to: store.statePath)
            let record = try #require(try store.load().apps["com.example.tool"])
            #expect(record.lastSeenVersion == "1.4.0")
            #expect(record.completion == .skipped)
            #expect(record.date == Date(timeIntervalSince1970: 1_764_547_200))
            #expect(record.review == nil)
        }
    }

    @Test(arguments: [ReviewAnswer.rated(stars: 4), .later, .never, nil] as [ReviewAnswer?])
    func theReviewAnswerRoundTrips(answer: ReviewAnswer?) throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            try store.update { (state: inout FirstRunState) -> Bool in
                state.apply(
                    FirstRunVisit(
                        appID: "demo", version: "2.0.0", outcome: .completed, reviewShown: true, reviewAnswer: answer,
                        date: Date(timeIntervalSince1970: 100)))
            }
            let review = try #require(try store.load().apps["demo"]?.review)
            #expect(review == ReviewRecord(version: "2.0.0", answer: answer, date: Date(timeIntervalSince1970: 100)))
        }
    }

    @Test func anUnknownReviewAnswerIsDamage() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            let text = """
                {"apps": {"demo": {"lastSeenVersion": "1.0", "completion": "finished", "date": 0,
                  "review": {"version": "1.0", "date": 0, "answer": "maybe"}}}}
                """
            try writeBytes(Array(text.utf8), to: store.statePath)
            let error = try #require(throws: FirstRunStateFileError.self) { try store.load() }
            guard case .corrupt(_, let reason, _) = error else {
                Issue.record("expected corruption, got \(error)")
                return
            }
            #expect(reason.contains("review"), "reason: \(reason)")
        }
    }

    @Test func aDirectoryNamedStateJSONIsMovedAsideAndCountsAsAFirstRun() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            try FileManager.default.createDirectory(atPath: store.statePath, withIntermediateDirectories: false)
            try writeBytes(Array("kept".utf8), to: store.statePath + "/inside")
            let error = try #require(throws: FirstRunStateFileError.self) { try store.load() }
            guard case .corrupt(_, let reason, let movedTo) = error else {
                Issue.record("expected corruption, got \(error)")
                return
            }
            #expect(reason.contains("directory"), "reason: \(reason)")
            #expect(error.description.contains(movedTo))
            #expect(try fileBytes(movedTo + "/inside") == Array("kept".utf8))
            #expect(try store.load() == FirstRunState())
        }
    }

    @Test func anUpdateThatChangesNothingWritesNothing() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            try store.update { (_: inout FirstRunState) -> Bool in false }
            #expect(!FileManager.default.fileExists(atPath: store.statePath))
        }
    }

    @Test func aSoundStateIsReadWhileAnotherProcessHoldsTheLock() throws {
        try withTemporaryDirectory { directory in
            let store = FirstRunStateFileTests.store(directory)
            try store.update {
                $0.record(appID: "demo", version: "1.0", completion: .finished, date: Date(timeIntervalSince1970: 0))
            }
            let lock = try #require(try FileLock.acquire(store.lockPath, wait: .never))
            defer { lock.unlock() }
            #expect(try store.load().apps["demo"]?.lastSeenVersion == "1.0")
        }
    }

    /// Two processes each record 40 apps, one update at a time, at once: all 80 records stay.
    @Test func twoProcessesUpdatingAtOnceLoseNothing() throws {
        try withTemporaryDirectory { directory in
            let gate = directory + "/go"
            let children = try ["one", "two"].map { prefix in
                try LedgerStress.start(
                    directory: directory, count: 40, prefix: prefix, options: ["--first-run-state", "--wait-for", gate])
            }
            #expect(FileManager.default.createFile(atPath: gate, contents: nil), "the gate file opens the race")
            for child in children {
                child.waitUntilExit()
                #expect(child.terminationStatus == 0)
            }
            let apps = try FirstRunStateFileTests.store(directory).load().apps
            #expect(apps.count == 80)
            #expect(apps["one-39"]?.lastSeenVersion == "1.0.39")
            #expect(apps["two-0"]?.completion == .finished)
        }
    }
}

import Foundation
import Testing

@testable import OnboardKit

/// The catalog each app's deck names, as the state keeps it for `has --app`: in the app's
/// record once it has one, beside the records for an app only a paywall gate has shown, and
/// kept when `reset` forgets what the user saw.
@Suite struct FirstRunStateCatalogTests {
    static let day = Date(timeIntervalSince1970: 86_400)

    /// A state step by step: what is done to it, and the catalog then known for "demo".
    enum Step: String, CaseIterable, CustomTestStringConvertible {
        case gate, tourWithCatalog, tourWithoutCatalog, interruptedTour, forget, forgetAll
        var testDescription: String { rawValue }

        func apply(to state: inout FirstRunState) {
            switch self {
            case .gate: state.rememberCatalog("/gate.json", forApp: "demo")
            case .tourWithCatalog, .tourWithoutCatalog, .interruptedTour:
                state.apply(
                    FirstRunVisit(
                        appID: "demo", version: "1.0.0", outcome: self == .interruptedTour ? .interrupted : .completed,
                        date: FirstRunStateCatalogTests.day,
                        catalogPath: self == .tourWithCatalog ? "/tour.json" : nil))
            case .forget: state.forget(appID: "demo")
            case .forgetAll: state.forgetAll()
            }
        }
    }

    @Test(
        arguments: [
            // A gate alone: remembered beside the records, and the app is known by it.
            ([Step.gate], "/gate.json", false),
            // A tour after a gate: the tour's catalog, in its record; without one, the gate's moves in.
            ([.gate, .tourWithCatalog], "/tour.json", true),
            ([.gate, .tourWithoutCatalog], "/gate.json", true),
            // An interrupted first tour leaves no record, and the gate's catalog where it was.
            ([.gate, .interruptedTour], "/gate.json", false),
            // A gate after a tour changes the record's catalog.
            ([.tourWithCatalog, .gate], "/gate.json", true),
            // Forgetting what the user saw keeps the app's catalog.
            ([.tourWithCatalog, .forget], "/tour.json", false),
            ([.tourWithCatalog, .forgetAll], "/tour.json", false),
            ([.gate, .forgetAll], "/gate.json", false),
            ([.tourWithoutCatalog, .forget], nil, false),
        ] as [([Step], String?, Bool)])
    func theCatalogOfAnApp(steps: [Step], catalog: String?, hasRecord: Bool) throws {
        var state = FirstRunState()
        for step in steps { step.apply(to: &state) }
        #expect(state.catalogPath(forApp: "demo") == catalog)
        #expect((state.apps["demo"] != nil) == hasRecord)
        #expect(state.knownAppIDs.contains("demo") == (catalog != nil || hasRecord))
        // One place for the catalog: never in the record and beside it at once.
        #expect(!(state.apps["demo"]?.catalogPath != nil && state.catalogPaths?["demo"] != nil))
        // The file keeps it all, and reads back the same.
        #expect(try FirstRunState(json: JSONParser.parse(state.jsonText())) == state)
    }

    @Test func rememberingTheSameCatalogAgainChangesNothing() {
        var state = FirstRunState()
        let changes = ["/c.json", "/c.json", "/d.json"].map { state.rememberCatalog($0, forApp: "demo") }
        #expect(changes == [true, false, true])
        #expect(state.catalogPath(forApp: "demo") == "/d.json")
        #expect(state.catalogPath(forApp: "other") == nil)
    }

    @Test func aStateWithoutGateCatalogsWritesTheFileItAlwaysDid() throws {
        var state = FirstRunState()
        state.apply(FirstRunVisit(appID: "demo", version: "1", outcome: .completed, date: Self.day, catalogPath: "/c"))
        #expect(!state.jsonText().contains("catalogPaths"))
        state.rememberCatalog("/g", forApp: "gated")
        let text = state.jsonText()
        #expect(text.contains("\n  \"catalogPaths\" : {\n    \"gated\" : \"/g\"\n  }\n}\n"), "\(text)")
        // A version that knows only "apps" reads the file (unknown members are skipped).
        struct Earlier: Decodable { var apps: [String: FirstRunState.Record] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Earlier.self, from: Data(text.utf8)).apps["demo"]?.catalogPath == "/c")
    }

    @Test(arguments: [
        (#"{"apps": {}, "catalogPaths": []}"#, "catalogPaths: Expected an object, found an array"),
        (#"{"apps": {}, "catalogPaths": {"demo": 3}}"#, "catalogPaths.demo: Expected a string, found a number"),
    ])
    func aDamagedCatalogListIsNamed(text: String, message: String) throws {
        #expect(throws: FirstRunState.FormatError.self) { try FirstRunState(json: JSONParser.parse(text)) }
        do {
            _ = try FirstRunState(json: JSONParser.parse(text))
        } catch let error as FirstRunState.FormatError {
            #expect(error.description == message)
        }
    }
}

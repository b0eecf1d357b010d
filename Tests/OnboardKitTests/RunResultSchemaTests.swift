import Foundation
import Testing

@testable import OnboardKit

/// The result JSON against its documented schema (Assets/schemas/result.schema.json), checked by a small
/// validator for the parts of JSON Schema the file uses: type, enum, required, properties,
/// additionalProperties and items.
@Suite struct RunResultSchemaTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let docs = repositoryRoot.appendingPathComponent("docs")
    static let schemas = repositoryRoot.appendingPathComponent("Assets/schemas")

    static func schema() throws -> JSONNode {
        let data = try Data(contentsOf: schemas.appendingPathComponent("result.schema.json"))
        return try JSONParser.parse(Array(data))
    }

    static let date = Date(timeIntervalSince1970: 1_796_090_000)

    static let app = RunResult.App(id: "com.example.tool", name: "Tool", version: "1.2.0", previousVersion: "1.0.0")

    static var examples: [RunResult] {
        let pro = Entitlement(id: "pro", displayName: "Pro", productIDs: ["pro.annual", "pro.lifetime"])
        let purchase = LedgerTransaction(
            id: "t1", productID: "pro.annual", purchaseDate: date, expiresDate: date.addingTimeInterval(86_400 * 365),
            willRenew: true)
        let lifetime = LedgerTransaction(id: "t2", productID: "pro.lifetime", purchaseDate: date)
        return [
            RunResult(
                outcome: .notShown, reason: .seen, mode: nil, plain: false, app: app,
                state: RunResult.State(saved: true, path: "/s/state.json"), exitCode: 0),
            RunResult(
                outcome: .notShown, reason: .noNewPages, mode: nil, plain: true,
                app: RunResult.App(id: "a", name: "A", version: "2", previousVersion: nil),
                state: RunResult.State(saved: false, path: "/s/state.json", problems: ["read-only"]), exitCode: 0),
            RunResult(
                outcome: .completed, mode: .whatsNew, plain: false, app: app, pagesSeen: [2, 3], lastPage: 3,
                seconds: 12.3456, purchases: [RunResult.Purchase(purchase), RunResult.Purchase(lifetime)],
                restores: [
                    RunResult.Restore(
                        StoreSimulator.CompletedRestore(date: date, restored: ["pro"], active: ["pro"]))
                ],
                entitlements: [
                    RunResult.ActiveEntitlement(
                        EntitlementStatus(
                            entitlement: pro, state: .active(until: date, willRenew: true), productID: "pro.annual",
                            periodType: .trial)),
                    RunResult.ActiveEntitlement(
                        EntitlementStatus(entitlement: pro, state: .lifetime, productID: "pro.lifetime")),
                ].compactMap { $0 },
                review: RunResult.Review(.rated(stars: 5)), state: RunResult.State(saved: true, path: "/s"),
                exitCode: 0),
            RunResult(
                outcome: .interrupted, mode: .tour, plain: false, app: app, pagesSeen: [0], lastPage: 0,
                entitlements: [], review: RunResult.Review(nil), state: RunResult.State(saved: true, path: "/s"),
                exitCode: 130),
            RunResult(
                outcome: .quit, mode: .tour, plain: false, app: app, review: RunResult.Review(.never),
                state: RunResult.State(saved: true, path: "/s"), exitCode: 0),
        ]
    }

    @Test(arguments: 0..<5)
    func everyResultValidatesAgainstTheSchema(index: Int) throws {
        let result = Self.examples[index]
        let json = try JSONParser.parse(Array(result.jsonData()))
        var problems: [String] = []
        SchemaCheck.validate(json, against: try Self.schema(), at: "$", problems: &problems)
        #expect(problems.isEmpty, "\(problems)\n\(String(decoding: result.jsonData(), as: UTF8.self))")
    }

    @Test func theCheckerCatchesWhatTheSchemaForbids() throws {
        let schema = try Self.schema()
        for (text, expected) in [
            (#"{"version": 1}"#, "missing"),
            (#"{"outcome": "maybe"}"#, "not one of"),
            (#"{"pagesSeen": "all"}"#, "expected array"),
            (#"{"surprise": true}"#, "not in the schema"),
        ] {
            var problems: [String] = []
            SchemaCheck.validate(try JSONParser.parse(Array(text.utf8)), against: schema, at: "$", problems: &problems)
            #expect(problems.contains { $0.contains(expected) }, "\(text): \(problems)")
        }
    }

    @Test func theDocumentationNamesEveryField() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("result-json.md"), encoding: .utf8)
        let schema = try Self.schema()
        for member in schema["properties"]?.members ?? [] {
            #expect(text.contains("`\(member.key)`"), "docs/result-json.md does not name \(member.key)")
        }
        #expect(
            schema["properties"]?["version"]?["enum"]?.arrayValue?.first.map(numberText) == "\(RunResult.formatVersion)"
        )
    }

    @Test func datesAreISO8601AndSecondsMilliseconds() throws {
        let text = String(decoding: Self.examples[2].jsonData(), as: UTF8.self)
        #expect(text.contains(#""date" : "2026-12-01T"#), "\(text)")
        #expect(text.contains(#""seconds" : 12.346"#), "\(text)")
    }

    func numberText(_ node: JSONNode) -> String? {
        if case .number(let text) = node.value { return text }
        return nil
    }
}

/// Just enough JSON Schema for Assets/schemas/result.schema.json.
enum SchemaCheck {
    static func typeName(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let text): return text.contains(where: { ".eE".contains($0) }) ? "number" : "integer"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    static func same(_ left: JSONNode, _ right: JSONNode) -> Bool {
        switch (left.value, right.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return Double(a) == Double(b)
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }

    static func validate(_ value: JSONNode, against schema: JSONNode, at path: String, problems: inout [String]) {
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            let actual = typeName(value)
            guard allowed.contains(actual) || (actual == "integer" && allowed.contains("number")) else {
                problems.append("\(path): expected \(allowed.joined(separator: " or ")), found \(actual)")
                return
            }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(where: { same($0, value) }) {
            problems.append("\(path): \(value.value) is not one of the schema's enum")
        }
        if let members = value.members {
            let properties = schema["properties"]
            for required in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            where value[required] == nil {
                problems.append("\(path).\(required): missing")
            }
            for member in members {
                if let property = properties?[member.key] {
                    validate(member.value, against: property, at: "\(path).\(member.key)", problems: &problems)
                } else if case .bool(false) = schema["additionalProperties"]?.value {
                    problems.append("\(path).\(member.key): not in the schema")
                }
            }
        }
        if let items = value.arrayValue, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                validate(item, against: itemSchema, at: "\(path)[\(index)]", problems: &problems)
            }
        }
    }
}

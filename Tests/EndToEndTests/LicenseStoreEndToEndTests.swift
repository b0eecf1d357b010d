import Foundation
import Testing

/// The license store keyed on the whole license id, and read whole: ids that begin alike are
/// two licenses, an id of any length can be stored, files named by earlier versions are still
/// replaced and removed by their id, and every stored license counts however many there are.
@Suite("The license store end to end")
struct LicenseStoreEndToEndTests {
    typealias E = LicenseEndToEndTests

    struct Store {
        let directory: TemporaryDirectory
        let vendor: (key: String, publicKey: String, catalog: String)
        var state: String { directory.path("state") }
        var folder: String { directory.path("state/licenses") }

        init() throws {
            directory = try TemporaryDirectory()
            vendor = try E.vendor(in: directory)
        }

        func run(_ arguments: [String]) throws -> CommandRunner.Output {
            try CommandRunner.run(
                try BuiltBinary.path(),
                arguments + ["--catalog", vendor.catalog, "--app", E.appID, "--state-dir", state])
        }

        /// A license of `id` granting `entitlement` until `until` (none: for good), written to a file.
        func license(_ id: String, until: String? = nil, entitlement: String = "pro") throws -> String {
            let path = directory.path("license-\(UUID().uuidString)")
            try E.sign(vendor.key, ["--grant", entitlement + (until.map { ":\($0)" } ?? ""), "--lid", id])
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// The ids `license list --json` shows, in its order.
        func listedIDs() throws -> [String] {
            let listed = try run(["license", "list", "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any],
                "\(listed)")
            let licenses = try #require(document["licenses"] as? [[String: Any]], "\(listed.standardOutput)")
            return licenses.compactMap { $0["id"] as? String }
        }

        func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
    }

    static let shared = String(repeating: "A", count: 128)

    @Test(
        "two licenses whose ids begin alike are two files; removing an id never added removes neither",
        arguments: [
            (shared + "-one", shared + "-two", shared + "-three"),
            (shared, shared + "B", shared + "C"),
            // 26 CJK characters: 78 bytes, 234 once escaped, too long to be a name as it is.
            (
                String(repeating: "許", count: 26), String(repeating: "許", count: 25) + "可",
                String(repeating: "許", count: 27)
            ),
        ])
    func idsThatBeginAlikeAreTwoLicenses(first: String, second: String, neverAdded: String) throws {
        let store = try Store()
        defer { store.directory.remove() }
        for id in [first, second] {
            let added = try store.run(["license", "add", try store.license(id)])
            #expect(added.status == 0, "\(added)")
        }
        #expect(Set(try store.listedIDs()) == [first, second])
        #expect(store.files().count == 2)
        #expect(store.files().allSatisfy { $0.utf8.count <= 233 && !$0.contains("/") && !$0.hasPrefix(".") })
        let removedNothing = try store.run(["license", "remove", neverAdded])
        #expect(removedNothing.status == 66, "\(removedNothing)")
        #expect(Set(try store.listedIDs()) == [first, second])
        #expect(try store.run(["license", "remove", first]).status == 0)
        #expect(try store.listedIDs() == [second])
        #expect(try store.run(["has", "pro"]).status == 0)
    }

    @Test("a license stored by an earlier version under its id's first 128 bytes is replaced and removed by its id")
    func aFileNamedByAnEarlierVersionIsStillTheLicense() throws {
        let store = try Store()
        defer { store.directory.remove() }
        let id = Self.shared + "-long-order-id"
        try FileManager.default.createDirectory(
            atPath: store.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // What an earlier version wrote: the id cut at 128 bytes, escaped.
        let earlier = store.folder + "/" + Self.shared + ".license"
        try FileManager.default.copyItem(atPath: try store.license(id, until: "2099-01-01"), toPath: earlier)
        #expect(try store.listedIDs() == [id])
        // Another id with the same first 128 bytes leaves it alone.
        #expect(try store.run(["license", "remove", Self.shared + "-other"]).status == 66)
        #expect(FileManager.default.fileExists(atPath: earlier))
        // Added again, the license takes today's name and the earlier file goes.
        #expect(try store.run(["license", "add", try store.license(id)]).status == 0)
        #expect(try store.listedIDs() == [id])
        #expect(!FileManager.default.fileExists(atPath: earlier) && store.files().count == 1)
        // Removed by its id, whichever name it has.
        try FileManager.default.copyItem(atPath: try store.license(id, until: "2099-01-01"), toPath: earlier)
        #expect(try store.run(["license", "remove", id]).status == 0)
        #expect(store.files().isEmpty)
    }

    @Test("with 1,000 licenses stored, the one that grants is found and list shows every one")
    func everyStoredLicenseIsRead() throws {
        let store = try Store()
        defer { store.directory.remove() }
        // 1,000 copies of an expired license, and the one that grants named to sort last.
        let expired = try Data(contentsOf: URL(fileURLWithPath: try store.license("OLD", until: "2020-01-01")))
        try FileManager.default.createDirectory(
            atPath: store.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for number in 0..<1_000 {
            try expired.write(to: URL(fileURLWithPath: store.folder + "/OLD-\(number).license"))
        }
        try FileManager.default.copyItem(atPath: try store.license("ZZZ"), toPath: store.folder + "/ZZZ.license")
        #expect(try store.run(["has", "pro"]).status == 0)
        let ids = try store.listedIDs()
        #expect(ids.count == 1_001 && ids.last == "ZZZ")
    }

    @Test("a license for an entitlement the catalog no longer has is listed as granting nothing, not as valid")
    func aLicenseForARenamedEntitlementIsNotCalledValid() throws {
        let store = try Store()
        defer { store.directory.remove() }
        try FileManager.default.createDirectory(
            atPath: store.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Added while the catalog called the entitlement "team"; it is "pro" now.
        try FileManager.default.copyItem(
            atPath: try store.license("OLD-NAME", entitlement: "team"), toPath: store.folder + "/OLD-NAME.license")
        try FileManager.default.copyItem(
            atPath: try store.license("MIXED", until: "2099-01-01", entitlement: "team"),
            toPath: store.folder + "/MIXED.license")
        #expect(try store.run(["has", "pro"]).status == 1)
        let text = try store.run(["license", "list"]).standardOutput
        #expect(!text.contains("valid license OLD-NAME"), "\(text)")
        #expect(
            text.contains(
                "verified license OLD-NAME for \(E.appID), but it grants \"team\", which the catalog does not have"),
            "\(text)")
        #expect(text.contains("  team: lifetime (not in the catalog: grants nothing)"), "\(text)")
        let listed = try store.run(["license", "list", "--json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
        let grants = try #require(document["licenses"] as? [[String: Any]]).flatMap {
            try #require($0["grants"] as? [[String: Any]])
        }
        #expect(grants.count == 2)
        for grant in grants {
            #expect(grant["active"] as? Bool == false && grant["inCatalog"] as? Bool == false, "\(grant)")
        }
    }
}

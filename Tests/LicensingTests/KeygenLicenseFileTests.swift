import Foundation
import OnboardKit
import Testing

/// keygen.sh license files: the JSON:API document keygen signs, read for its entitlements,
/// expiry, issue time and user.
@Suite("keygen.sh license files")
struct KeygenLicenseFileTests {
    typealias F = LicenseFixtures

    static func document(
        expiry: String? = "2027-06-01T00:00:00.000Z", fileExpiry: String = "2026-12-15T00:00:00.000Z",
        app: String? = nil, status: String = ""
    ) -> [UInt8] {
        let metadata = app.map { "{\"app\":\"\($0)\"}" } ?? "{}"
        let text = """
            {"meta":{"issued":"2026-11-30T10:00:00.000Z","expiry":"\(fileExpiry)","ttl":1209600},
             "data":{"id":"8a9b3c4d-0000-4000-8000-000000000001","type":"licenses",
               "attributes":{\(status)"name":"Team license","key":"ABC-123","expiry":\(expiry.map { "\"\($0)\"" } ?? "null"),"metadata":\(metadata)},
               "relationships":{"product":{"data":{"type":"products","id":"prod-42"}}}},
             "included":[{"type":"entitlements","id":"e1","attributes":{"code":"pro","name":"Pro"}},
                         {"type":"entitlements","id":"e2","attributes":{"code":"export","name":"Export"}},
                         {"type":"users","id":"u1","attributes":{"email":"grace@example.com","firstName":"Grace","lastName":"Hopper"}}]}
            """
        return Array(text.utf8)
    }

    @Test func aKeygenFileGrantsItsEntitlementsUntilTheLicenseExpiry() throws {
        let file = F.envelopeFile(payload: Self.document(), label: LicenseArmor.keygenLabel)
        let license = try F.verifier(keygenProduct: "prod-42").verify(file, now: F.now).get()
        #expect(license.format == .keygen)
        #expect(license.grants.map(\.entitlement) == ["pro", "export"])
        #expect(license.grants.allSatisfy { $0.expires == F.date("2027-06-01T00:00:00Z") })
        #expect(license.issued == F.date("2026-11-30T10:00:00Z"))
        #expect(license.licensee == License.Licensee(name: "Grace Hopper", email: "grace@example.com"))
        #expect(license.id == "8a9b3c4d-0000-4000-8000-000000000001")
    }

    @Test func theAppIsTheMetadataOrTheProductNamedInTheCatalog() {
        let byProduct = F.envelopeFile(payload: Self.document(), label: LicenseArmor.keygenLabel)
        if case .failure(let rejection) = F.verifier().verify(byProduct, now: F.now) {
            #expect(rejection.check == .app)
        } else {
            Issue.record("a keygen file for another product was accepted")
        }
        let byMetadata = F.envelopeFile(payload: Self.document(app: F.appID), label: LicenseArmor.keygenLabel)
        #expect((try? F.verifier().verify(byMetadata, now: F.now).get()) != nil)
    }

    /// A file past its own expiry still verifies (so `status` can say the license runs on and a
    /// new file is needed), but grants nothing and says why; before it, the file grants.
    @Test func aKeygenFilePastItsOwnExpiryMustBeCheckedOutAgain() throws {
        let file = F.envelopeFile(payload: Self.document(), label: LicenseArmor.keygenLabel)
        let later = F.date("2026-12-20")
        let license = try F.verifier(keygenProduct: "prod-42").verify(file, now: later).get()
        let fileExpires = try #require(license.fileExpires)
        #expect(license.isFileExpired(at: later))
        #expect(license.activeGrants(at: later).isEmpty)
        #expect(license.grants.allSatisfy { $0.state(at: later).isActive }, "the license itself still runs")
        let rejection = try #require(license.fileExpiryRejection(at: later))
        #expect(rejection.check == .expired)
        #expect(rejection.reason.contains("check it out again"))
        let before = fileExpires.addingTimeInterval(-1)
        #expect(!license.isFileExpired(at: before) && license.fileExpiryRejection(at: before) == nil)
        #expect(!license.activeGrants(at: before).isEmpty)
        #expect(license.isFileExpired(at: fileExpires), "the expiry itself is past")
    }

    @Test func aLicenseWithoutExpiryIsForGood() throws {
        let file = F.envelopeFile(payload: Self.document(expiry: nil), label: LicenseArmor.keygenLabel)
        let license = try F.verifier(keygenProduct: "prod-42").verify(file, now: F.now).get()
        #expect(license.grants.allSatisfy { $0.expires == nil })
    }

    /// keygen's statuses, as `data.attributes.status` (or the `suspended` flag) says them when
    /// the file was checked out: a suspended or banned license grants nothing; the others
    /// (inactive only means not validated lately) grant as the expiry says.
    @Test(
        arguments: [
            ("", nil), ("\"status\":\"ACTIVE\",", nil), ("\"status\":\"INACTIVE\",", nil),
            ("\"status\":\"EXPIRING\",", nil), ("\"status\":\"SUSPENDED\",", "SUSPENDED"),
            ("\"status\":\"BANNED\",", "BANNED"), ("\"status\":\"banned\",", "BANNED"),
            ("\"suspended\":true,\"status\":\"ACTIVE\",", "SUSPENDED"), ("\"suspended\":false,", nil),
        ])
    func aSuspendedOrBannedLicenseGrantsNothing(status: String, withdrawn: String?) throws {
        let file = F.envelopeFile(payload: Self.document(status: status), label: LicenseArmor.keygenLabel)
        let verified = F.verifier(keygenProduct: "prod-42").verify(file, now: F.now)
        switch (verified, withdrawn) {
        case (.success(let license), nil):
            #expect(!license.isWithdrawn && !license.activeGrants(at: F.now).isEmpty)
        case (.failure(let rejection), let withdrawn?):
            #expect(rejection.check == .withdrawn)
            #expect(rejection.reason.contains("is \(withdrawn) at keygen.sh"), "\(rejection.reason)")
        default:
            Issue.record("\(status): \(verified)")
        }
        // Read without its signature (inspect), the status is shown.
        let read = try LicenseReader.read(file).get().license.get()
        let summary = LicenseSummary.text(of: read, now: F.now, verified: false)
        #expect(summary.contains("keygen status") == status.contains("status") || withdrawn != nil, "\(summary)")
    }
}

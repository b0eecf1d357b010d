import Foundation
import OnboardKit
import OnboardSignature
import OnboardSigning
import Testing

/// Every way a license can be good or bad, with fixed-seed keys: the check that fails first,
/// and a changed file never doing better than a missing one.
@Suite("License verification")
struct LicenseVerifierTests {
    typealias F = LicenseFixtures

    func rejection(_ bytes: [UInt8], verifier: LicenseVerifier = F.verifier(), now: Date = F.now) -> LicenseRejection? {
        if case .failure(let rejection) = verifier.verify(bytes, now: now) { return rejection }
        return nil
    }

    @Test func aLifetimeLicenseGrantsForGoodAndNamesItsLicensee() throws {
        let license = try F.verifier().verify(F.file(), now: F.now).get()
        #expect(license.id == "LIC-1")
        #expect(license.licensee?.text == "Ada Lovelace <ada@example.com>")
        #expect(license.grants == [License.Grant(entitlement: "pro", expires: nil)])
        #expect(license.activeGrants(at: F.date("9999-01-01")).map(\.entitlement) == ["pro"])
    }

    @Test func anExpiringLicenseGrantsUntilItsExpiryThenGraceThenNothing() throws {
        let grant = License.Grant(
            entitlement: "pro", expires: F.date("2027-01-01T00:00:00Z"), grace: try SubscriptionPeriod(iso8601: "P7D"))
        let license = try F.verifier().verify(F.file(F.issue(grants: [grant])), now: F.now).get()
        let verified = license.grants[0]
        #expect(verified.state(at: F.now) == .active(until: F.date("2027-01-01T00:00:00Z")))
        #expect(
            verified.state(at: F.date("2027-01-03"))
                == .inGrace(expired: F.date("2027-01-01"), until: F.date("2027-01-08")))
        #expect(verified.state(at: F.date("2027-01-08")) == .expired(on: F.date("2027-01-08")))
        #expect(license.activeGrants(at: F.date("2027-01-08")).isEmpty)
    }

    @Test func anExpiredLicenseVerifiesButGrantsNothing() throws {
        let grant = License.Grant(entitlement: "pro", expires: F.date("2026-01-01"))
        let license = try F.verifier().verify(
            F.file(F.issue(issued: F.date("2025-01-01"), grants: [grant])), now: F.now
        ).get()
        #expect(license.activeGrants(at: F.now).isEmpty)
    }

    @Test func aLicenseIssuedInTheFutureIsRefusedButFiveMinutesOfDriftAreNot() {
        let later = F.issue(issued: F.now.addingTimeInterval(301))
        #expect(rejection(F.file(later))?.check == .issued)
        let drift = F.issue(issued: F.now.addingTimeInterval(299))
        #expect(rejection(F.file(drift)) == nil)
    }

    @Test func aLicenseForAnotherAppIsRefusedNamingBoth() {
        let found = rejection(F.file(F.issue(app: "com.example.other")))
        #expect(found?.check == .app)
        #expect(found?.reason.contains("com.example.other") == true)
        #expect(found?.reason.contains(F.appID) == true)
    }

    @Test func aLicenseSignedByAnotherKeyIsRefused() {
        #expect(rejection(F.file(key: F.stranger))?.check == .signature)
        // Naming the app's key in "kid" does not help a stranger's signature.
        #expect(rejection(F.file(key: F.stranger, keyID: F.vendorKey.keyID))?.check == .signature)
    }

    @Test func aKeyIDNamesTheKeyToUseAndAnUnknownOneIsRefused() {
        let both = F.verifier(keys: [F.strangerKey, F.vendorKey])
        #expect(rejection(F.file(keyID: F.vendorKey.keyID), verifier: both) == nil)
        #expect(rejection(F.file(keyID: "0123456789abcdef"), verifier: both)?.check == .key)
        // Rotation: with no kid, any of the keys may have signed it.
        #expect(rejection(F.file(), verifier: both) == nil)
        #expect(rejection(F.file(), verifier: F.verifier(keys: []))?.check == .key)
    }

    @Test func aPayloadChangedAndReEncodedUnderTheOldSignatureIsRefused() throws {
        let original = String(decoding: F.file(), as: UTF8.self)
        let envelope = try LicenseReader.read(Array(original.utf8)).get().envelope
        let payload = String(decoding: try StrictBase64.decode(envelope.encodedPayload), as: UTF8.self)
        let forged = payload.replacing("\"pro\"", with: "\"team\"")
        var changed = envelope
        changed.encodedPayload = StrictBase64.encode(Array(forged.utf8))
        let file = Array(LicenseArmor.armored(envelope: Array(changed.json.utf8)).utf8)
        #expect(rejection(file)?.check == .signature)
    }

    @Test func everyBitFlippedAnywhereInTheFileIsRefusedOrChangesNothing() throws {
        let file = F.file()
        let original = try F.verifier().verify(file, now: F.now).get()
        var refused = 0
        for offset in file.indices {
            for bit in 0..<8 {
                var changed = file
                changed[offset] ^= 1 << UInt8(bit)
                switch F.verifier().verify(changed, now: F.now) {
                case .success(let license): #expect(license == original, "offset \(offset) bit \(bit)")
                case .failure: refused += 1
                }
            }
        }
        // Only changes outside the armor (the last newline) may leave it valid.
        #expect(refused >= file.count * 8 - 8)
    }

    @Test func aTruncatedFileAndOtherTextAreNotLicenses() {
        let file = F.file()
        for length in stride(from: 0, to: file.count - 1, by: 7) {
            #expect(rejection(Array(file.prefix(length))) != nil, "cut at \(length)")
        }
        #expect(rejection(Array("hello".utf8))?.check == .armor)
        #expect(
            rejection(Array("-----BEGIN TUI-ONBOARD LICENSE-----\n!!!\n-----END TUI-ONBOARD LICENSE-----\n".utf8))?
                .check == .armor)
        #expect(rejection([UInt8](repeating: 0x41, count: LicenseVerifier.maximumSize + 1))?.check == .size)
    }

    @Test func theChecksRunInOrder() {
        // Not base64 inside, a bad alg, then a bad signature, then the license key of an
        // encrypted file: each stops before the next.
        let notJSON = Array(LicenseArmor.armored(envelope: Array("not json".utf8)).utf8)
        #expect(rejection(notJSON)?.check == .envelope)
        #expect(rejection(F.envelopeFile(payload: Array("{}".utf8), alg: "aes-128-cbc+rsa"))?.check == .algorithm)
        let encrypted = F.envelopeFile(
            payload: Array("{}".utf8), label: LicenseArmor.keygenLabel, alg: "aes-256-gcm+ed25519")
        let found = rejection(encrypted)
        #expect(found?.check == .licenseKey)
        #expect(found?.reason.contains("encrypted") == true)
        let encryptedByAStranger = F.envelopeFile(
            payload: Array("{}".utf8), label: LicenseArmor.keygenLabel, alg: "aes-256-gcm+ed25519", key: F.stranger)
        #expect(rejection(encryptedByAStranger)?.check == .signature)
        // A payload that is not a license is judged only once the signature holds.
        #expect(rejection(F.envelopeFile(payload: Array("{\"v\":1}".utf8)))?.check == .payload)
        #expect(rejection(F.envelopeFile(payload: Array("{\"v\":1}".utf8), key: F.stranger))?.check == .signature)
    }

    @Test func pastedTextAroundTheArmorAndWindowsLineEndsAreFine() throws {
        let text =
            "Thanks for buying!\r\n\r\n" + String(decoding: F.file(), as: UTF8.self).replacing("\n", with: "\r\n")
            + "\r\n-- \r\nThe vendor"
        _ = try F.verifier().verify(Array(text.utf8), now: F.now).get()
        // A terminal's paste (tmux, without bracketed paste's own newlines) ends lines with CR alone.
        let pasted = String(decoding: F.file(), as: UTF8.self).replacing("\n", with: "\r")
        _ = try F.verifier().verify(Array(pasted.utf8), now: F.now).get()
    }
}

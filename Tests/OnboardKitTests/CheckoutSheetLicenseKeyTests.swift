import Foundation
import Testing

@testable import OnboardKit

/// The checkout sheet asking for the license key of an encrypted file: the file is kept, the
/// key typed or pasted shows only as bullets, Backspace erases, Escape gives the file up, Enter
/// submits (a malformed key is said at once, a wrong one asks again), and the key is never
/// drawn, described or kept once submitted.
@Suite("Checkout sheet: the license key of an encrypted file")
struct CheckoutSheetLicenseKeyTests {
    typealias Sheet = CheckoutSheetTests
    static let license = "-----BEGIN LICENSE FILE-----\nZW5j\n-----END LICENSE FILE-----\n"
    static let key = "ZQXJ7K-9WVV3P-V3"

    /// The sheet open on an app of `width`x`height`, the encrypted license pasted and answered
    /// "locked" by the shell.
    static func asking(width: Int = 80, height: Int = 40) throws -> OnboardingApp {
        var app = try Sheet.app(width: width, height: height)
        _ = app.update(.key(.enter))
        #expect(app.update(.paste(license)) == [.verifyLicense(license)])
        _ = app.update(.licenseChecked(.locked(reason: "the license file is encrypted"), licenses: nil))
        return app
    }

    static func screen(_ app: OnboardingApp) -> String { Sheet.render(app).lines.joined(separator: "\n") }

    /// The screen's words, lines joined: what a sentence wrapped in the box says.
    static func words(_ app: OnboardingApp) -> String {
        screen(app).replacingOccurrences(of: "│", with: "").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static func entry(_ app: OnboardingApp) -> LicenseKeyEntry? { app.paywall?.checkout?.keyEntry }

    /// Types `text` key by key, checking after each that no three characters of it in a row
    /// are on the screen.
    static func type(_ text: String, into app: inout OnboardingApp) -> [Effect] {
        var effects: [Effect] = []
        for character in text {
            effects += app.update(.key(.character(character)))
            expectNothingOfTheKeyShown(app)
        }
        return effects
    }

    static func expectNothingOfTheKeyShown(
        _ app: OnboardingApp, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let shown = screen(app)
        let characters = Array(key)
        for start in 0...(characters.count - 3) where shown.contains(String(characters[start..<start + 3])) {
            Issue.record(
                "the key's \"\(String(characters[start..<start + 3]))\" is on screen:\n\(shown)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func anEncryptedLicenseKeepsTheFileAndAsksForItsKey() throws {
        let app = try Self.asking()
        let entry = try #require(Self.entry(app))
        #expect(entry.license == Self.license && entry.typedCount == 0)
        let shown = Self.screen(app)
        #expect(shown.contains("This license file is encrypted."))
        #expect(shown.contains("Type or paste its license key, then Enter:"))
        #expect(shown.contains("Enter opens · Esc gives up"))
        #expect(!shown.contains("not accepted"))
    }

    @Test func typedKeysGoToTheKeyAndShowOnlyAsOneBulletEach() throws {
        var app = try Self.asking()
        // `o` would open the browser and `q` quit anywhere else on the sheet.
        #expect(Self.type(Self.key + "oq", into: &app) == [])
        #expect(Self.entry(app)?.typedCount == Self.key.count + 2)
        #expect(Self.screen(app).contains("License key: " + String(repeating: "•", count: Self.key.count + 2)))
        _ = app.update(.key(.backspace))
        _ = app.update(.key(.backspace))
        #expect(Self.entry(app)?.typedCount == Self.key.count)
        #expect(Self.screen(app).contains("License key: " + String(repeating: "•", count: Self.key.count) + " "))
        Self.expectNothingOfTheKeyShown(app)
    }

    @Test(arguments: [
        ("ZQXJ7K-9WVV3P-V3", 16), ("ZQXJ7K-9WVV3P-V3\n", 16), ("ZQXJ7K-9WVV3P-V3\r\n", 16),
        ("ZQXJ7K\nsecond line", 6), ("", 0),
    ])
    func aPasteTypesItsFirstLineIntoTheKey(paste: String, count: Int) throws {
        var app = try Self.asking()
        #expect(app.update(.paste(paste)) == [])
        #expect(Self.entry(app)?.typedCount == count)
        #expect(Self.entry(app)?.license == Self.license)
        Self.expectNothingOfTheKeyShown(app)
    }

    @Test func escapeGivesTheFileUpAndAnotherEscapeClosesTheSheet() throws {
        var app = try Self.asking()
        _ = Self.type("ZQX", into: &app)
        #expect(app.update(.key(.escape)) == [])
        let sheet = try #require(app.paywall?.checkout)
        #expect(sheet.keyEntry == nil && sheet.outcome == nil)
        #expect(Self.screen(app).contains("Then paste the license you receive here."))
        // The sheet's own keys work again.
        #expect(app.update(.key(.character("o"))) == [.openAddress(sheet.url)])
        _ = app.update(.key(.escape))
        #expect(app.paywall?.checkout == nil)
    }

    @Test(arguments: ["", "   ", "two words", "ключ-V3", "tab\tinside"])
    func aMalformedKeyIsSaidAtOnceWithoutARoundTripAndForgotten(typed: String) throws {
        var app = try Self.asking()
        _ = app.update(.paste(typed))
        #expect(app.update(.key(.enter)) == [])
        let entry = try #require(Self.entry(app))
        #expect(entry.typedCount == 0 && entry.license == Self.license)
        // The library's own words for a key's form, in English.
        #expect(LicenseKeyEntry.expectedForm == LicenseSecret.expectedForm)
        #expect(entry.problem?.contains(LicenseSecret.expectedForm) == true)
        let shown = Self.words(app)
        #expect(shown.contains("That is not a license key: a license key is one word"), "\(shown)")
        #expect(app.paywall?.checkout?.isVerifying == false)
        // Typing starts the next key and clears the message.
        _ = app.update(.key(.character("A")))
        #expect(Self.entry(app)?.problem == nil)
    }

    @Test func aWrongKeyAsksAgainKeepingTheFileAndTheRightOneLicenses() throws {
        var app = try Self.asking()
        _ = Self.type("WRONG-KEY", into: &app)
        #expect(
            app.update(.key(.enter)) == [.verifyLicense(Self.license, key: LicenseSecret(licenseKey: "WRONG-KEY"))])
        // Submitted: the sheet holds the key no more.
        let submitted = try #require(app.paywall?.checkout)
        #expect(submitted.isVerifying && submitted.keyEntry?.typedCount == 0)
        #expect(Self.screen(app).contains("Checking the license…"))
        _ = app.update(
            .licenseChecked(.wrongKey(reason: "the license key does not open this file"), licenses: nil))
        let entry = try #require(Self.entry(app))
        #expect(entry.license == Self.license && entry.typedCount == 0)
        #expect(Self.words(app).contains("That key was not accepted: the license key does not open this file"))

        _ = app.update(.paste(" \(Self.key) \n"))
        Self.expectNothingOfTheKeyShown(app)
        #expect(app.update(.key(.enter)) == [.verifyLicense(Self.license, key: LicenseSecret(licenseKey: Self.key))])
        let license = License(
            format: .tuiOnboard, id: "L-1", appID: "test.app", issued: PaywallFixtures.start,
            licensee: License.Licensee(name: "Ada", email: nil),
            grants: [License.Grant(entitlement: "pro", expires: nil)])
        _ = app.update(.licenseChecked(.licensed(to: "Ada"), licenses: [license]))
        let sheet = try #require(app.paywall?.checkout)
        #expect(sheet.keyEntry == nil && sheet.outcome == .licensed(to: "Ada"))
        #expect(Self.screen(app).contains("✓ Licensed to Ada"))
        _ = app.update(.key(.escape))
        #expect(Self.screen(app).contains("Lifetime · licensed to Ada"))
    }

    @Test func anotherRefusalWithAKeyEndsTheAsking() throws {
        var app = try Self.asking()
        _ = app.update(.paste(Self.key))
        _ = app.update(.key(.enter))
        _ = app.update(.licenseChecked(.refused(reason: "it expired on 2025-01-01"), licenses: nil))
        let sheet = try #require(app.paywall?.checkout)
        #expect(sheet.keyEntry == nil && sheet.outcome == .refused(reason: "it expired on 2025-01-01"))
    }

    @Test func neitherADescriptionNorADumpOfTheSheetShowsTheKey() throws {
        var app = try Self.asking()
        _ = Self.type(Self.key, into: &app)
        let sheet = try #require(app.paywall?.checkout)
        var dumped = ""
        dump(sheet, to: &dumped)
        for shown in ["\(sheet)", String(reflecting: sheet), dumped, "\(app.paywall?.openBoxes ?? [])"] {
            #expect(!shown.contains(Self.key) && !shown.contains("ZQX"), "\(shown)")
        }
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func aKeyTooLongForTheWindowIsCountedNeverShown(width: Int, height: Int) throws {
        var app = try Self.asking(width: width, height: height)
        let long = String(repeating: "K", count: 90)
        _ = app.update(.paste(long))
        let shown = Self.screen(app)
        #expect(shown.contains("90 characters"), "\(shown)")
        #expect(!shown.contains("KKK") && !shown.contains("•"))
    }

    /// Thousands of random keys, pastes, Backspaces, Enters and Escapes: the key never shows,
    /// its count stays in range, and each Enter either hands over a key and forgets it or says
    /// why not.
    @Test func randomKeySequencesNeverShowTheKey() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("ZQXJ7K-9WVV3P ")
        for _ in 0..<40 {
            var app = try Self.asking(width: 60, height: 20)
            for _ in 0..<60 {
                guard let entry = Self.entry(app) else { break }
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: _ = app.update(.key(.backspace))
                case 3 where Int.random(in: 0..<4, using: &generator) == 0:
                    _ = app.update(.key(.escape))
                    #expect(app.paywall?.checkout?.keyEntry == nil)
                case 1: _ = app.update(.paste(String((0..<5).map { _ in alphabet.randomElement(using: &generator)! })))
                case 2:
                    let effects = app.update(.key(.enter))
                    #expect(Self.entry(app)?.typedCount == 0)
                    if !effects.isEmpty {
                        _ = app.update(
                            .licenseChecked(
                                .wrongKey(reason: "the license key does not open this file"), licenses: nil))
                    }
                default: _ = app.update(.key(.character(alphabet.randomElement(using: &generator)!)))
                }
                #expect((0...LicenseKeyEntry.typedKeyLimit).contains(Self.entry(app)?.typedCount ?? 0))
                #expect(Self.entry(app)?.license ?? entry.license == Self.license)
                Self.expectNothingOfTheKeyShown(app)
            }
        }
    }
}

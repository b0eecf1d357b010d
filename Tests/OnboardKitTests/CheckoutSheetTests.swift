import Foundation
import Testing

@testable import OnboardKit

/// The checkout sheet of a product sold for real: Enter opens it instead of the simulated
/// store, its QR code says exactly the address, a pasted or typed license goes to the shell
/// to verify, and its answer shows.
@Suite("Checkout sheet")
struct CheckoutSheetTests {
    static let reference = "0123456789ABCDEFGHJKMNPQRS"
    static let key = LicensePublicKey(bytes: [UInt8](repeating: 1, count: 32))!

    /// The default catalog sold for real: signed licensing, and a checkout address on every product.
    static func catalog() throws -> Catalog {
        var catalog = try PaywallFixtures.defaultCatalog()
        catalog.licensing = Licensing(mode: .signed, publicKeys: [key])
        let sold = { (product: Product) -> Product in
            var product = product
            product.checkout = ProductCheckout(urlTemplate: "https://shop.example.com/buy/\(product.id)?ref={ref}")
            return product
        }
        catalog.products = catalog.products.mapValues(sold)
        catalog.offerings = catalog.offerings.map { offering in
            var offering = offering
            offering.packages = offering.packages.map { package in
                var package = package
                package.product = sold(package.product)
                return package
            }
            return offering
        }
        return catalog
    }

    static func app(width: Int = 80, height: Int = 40) throws -> OnboardingApp {
        let deck = PaywallFixtures.deck([
            .step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: "default")),
        ])
        let setup = PaywallSetup(
            catalog: try catalog(), clock: StoreClock(startWallDate: PaywallFixtures.start),
            checkoutReference: reference)
        var app = PaywallFixtures.app(deck, setup: setup, width: width, height: height)
        _ = app.update(.key(.right))
        _ = app.update(.presented)
        return app
    }

    static func render(_ app: OnboardingApp) -> Canvas {
        var canvas = Canvas(width: app.width, height: app.height)
        app.render(into: &canvas)
        return canvas
    }

    @Test func enterOpensTheSheetAndBuysNothing() throws {
        var app = try Self.app()
        let effects = app.update(.key(.enter))
        let sheet = try #require(app.paywall?.checkout)
        #expect(sheet.url.hasSuffix("?ref=\(Self.reference)"))
        #expect(sheet.pairingCode == "0123-4567")
        #expect(effects == [.rememberCheckout(sheet)])
        #expect(app.focusStack.first == .paywall(.checkoutSheet))
    }

    @Test func theSheetShowsTheCodeTheAddressAndThePairingCode() throws {
        // Wide enough for the 82-character address on one line.
        var app = try Self.app(width: 100)
        _ = app.update(.key(.enter))
        let sheet = try #require(app.paywall?.checkout)
        let canvas = Self.render(app)
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains(sheet.url))
        #expect(text.contains("Pairing code: 0123-4567"))
        // The QR code's rows are on screen as drawn, black on white.
        let code = try #require(sheet.qrLines)
        // The first two rows are the quiet zone; the third holds the finder patterns' tops.
        let row = try #require(canvas.lines.firstIndex { $0.contains(code[2]) })
        let column = try #require(canvas.lines[row].range(of: code[2])).lowerBound
        let x = canvas.lines[row].distance(from: canvas.lines[row].startIndex, to: column)
        #expect(canvas[x + 4, row].style == CheckoutSheetView.codeStyle)
        #expect(canvas.hyperlinks.contains { $0.url == sheet.url })
    }

    @Test func theQRCodeSaysExactlyTheAddress() throws {
        var app = try Self.app()
        _ = app.update(.key(.enter))
        let sheet = try #require(app.paywall?.checkout)
        let code = try QRCode.encode(sheet.url, errorCorrection: .medium)
        #expect(sheet.qrLines == QRHalfBlockText.lines(of: code))
    }

    @Test func aWindowTooSmallForTheCodeSaysSoAndShowsTheAddress() throws {
        var app = try Self.app(width: 40, height: 12)
        _ = app.update(.key(.enter))
        let text = Self.render(app).lines.joined(separator: "\n")
        #expect(text.contains("too small for the QR"))
        #expect(!text.contains("▀▀▀▀▀▀▀"))
    }

    @Test func oOpensTheAddressAndEscGoesBack() throws {
        var app = try Self.app()
        _ = app.update(.key(.enter))
        let url = try #require(app.paywall?.checkout?.url)
        #expect(app.update(.key(.character("o"))) == [.openAddress(url)])
        _ = app.update(.addressOpened(failure: "Not opened: this is an SSH session"))
        #expect(Self.render(app).lines.joined().contains("SSH session"))
        _ = app.update(.key(.escape))
        #expect(app.paywall?.checkout == nil)
    }

    @Test func aPasteIsVerifiedAtOnceAndItsAnswerShows() throws {
        var app = try Self.app()
        // Elsewhere a paste does nothing at all.
        #expect(app.update(.paste("-----BEGIN TUI-ONBOARD LICENSE-----")) == [])
        _ = app.update(.key(.enter))
        #expect(app.update(.paste("the text")) == [.verifyLicense("the text")])
        _ = app.update(.licenseChecked(.refused(reason: "the signature does not match"), licenses: nil))
        #expect(Self.render(app).lines.joined().contains("the signature does not match"))
        _ = app.update(.paste("another"))
        let license = License(
            format: .tuiOnboard, id: "L-1", appID: "test.app", issued: PaywallFixtures.start,
            licensee: License.Licensee(name: "Ada", email: nil),
            grants: [License.Grant(entitlement: "pro", expires: nil)])
        _ = app.update(.licenseChecked(.licensed(to: "Ada"), licenses: [license]))
        #expect(Self.render(app).lines.joined().contains("Licensed to Ada"))
        _ = app.update(.key(.escape))
        let screen = Self.render(app).lines.joined(separator: "\n")
        // One line for the entitlement, saying what grants it, and no "Not purchased" beside it.
        #expect(screen.contains("Lifetime · licensed to Ada"), "\(screen)")
        #expect(!screen.contains("Not purchased"), "\(screen)")
    }

    @Test func typedLicenseTextTakesEveryKeyUntilItsEndLine() throws {
        var app = try Self.app()
        _ = app.update(.key(.enter))
        let text = "-----BEGIN TUI-ONBOARD LICENSE-----\nqoQO\n-----END TUI-ONBOARD LICENSE-----"
        var effects: [Effect] = []
        for character in text {
            effects += app.update(.key(character == "\n" ? .enter : .character(character)))
        }
        // q and o went into the text: nothing quit, nothing opened.
        #expect(effects == [.verifyLicense(text)])
        #expect(app.paywall?.checkout != nil)
    }

    @Test func withoutLicensingOrAReferenceTheSimulationSellsAsBefore() throws {
        var app = try PaywallFixtures.flowApp(latency: 0)
        _ = app.update(.key(.enter))
        #expect(app.paywall?.checkout == nil)
    }
}

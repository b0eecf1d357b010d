import Foundation
import Testing

/// A catalog whose product names hold direction controls, on a real terminal: the prices beside
/// them read as they are, in English and in Arabic, and no control reaches the terminal.
@Suite("Direction controls in product names")
struct TrojanSourceEndToEndTests {
    static let catalog = """
        {"formatVersion": 1, "currency": "USD", "currentOffering": "default",
         "products": [
          {"id": "annual", "type": "autoRenewable", "price": "39.99", "period": "P1Y", "subscriptionGroup": "pro",
           "title": "\\u2069\\u202ePro Annual"},
          {"id": "monthly", "type": "autoRenewable", "price": "12.99", "period": "P1M", "subscriptionGroup": "pro",
           "title": "Pro Monthly\\u202e"},
          {"id": "lifetime", "type": "nonConsumable", "price": "99.21", "title": "Pro \\u200fLifetime \\u0628"}
         ],
         "entitlements": [{"id": "pro", "displayName": "Pro\\u202e", "products": ["annual", "monthly", "lifetime"]}],
         "offerings": [{"id": "default", "packages": [{"id": "$rc_annual", "product": "annual"},
          {"id": "$rc_monthly", "product": "monthly"}, {"id": "$rc_lifetime", "product": "lifetime"}]}]}
        """

    @Test("each price reads as it is beside a name that ends in an override", arguments: ["en", "ar"])
    func pricesReadAsTheyAre(language: String) throws {
        let files = try TemporaryDirectory()
        defer { files.remove() }
        let catalog = try files.write(Self.catalog, to: "catalog.json")
        let terminal = try TmuxTerminal(
            arguments: [
                "paywall", "pro", "--catalog", catalog, "--lang", language, "--state-dir", files.path("state"),
                "--now", "2026-01-01",
            ])
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        // Prices follow the reader's conventions: in Arabic "US$" after the number and a no-break space.
        let price = { (amount: String) in language == "ar" ? amount + "\u{00A0}US$" : "$" + amount }
        let screen = terminal.waitForScreen { $0.contains(price("12.99")) && $0.contains(price("99.21")) }
        let shown = try #require(screen, "the prices never read as they are:\n\(terminal.screen())")
        let monthly = try #require(shown.lines.first { $0.contains("Pro Monthly") }, "\(shown)")
        // "$12.99/mo"; in Arabic the period reads first, from the right: "شهر/12.99 US$".
        let perPeriod = { (price: String) in language == "ar" ? "/" + price : price + "/" }
        #expect(monthly.contains(perPeriod(price("12.99"))), "\(monthly)")
        #expect(!shown.contains("99.21$") && !shown.contains("om/99.21"), "\(shown)")
        let annual = try #require(shown.lines.first { $0.contains("Pro Annual") }, "\(shown)")
        #expect(annual.contains(perPeriod(price("39.99"))), "\(annual)")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() != nil)
        let output = String(decoding: terminal.recordedOutput(), as: UTF8.self)
        for control in ["\u{202E}", "\u{2069}", "\u{200F}"] {
            #expect(
                !output.contains(control),
                "U+\(String(control.unicodeScalars.first!.value, radix: 16)) reached the terminal")
        }
    }
}

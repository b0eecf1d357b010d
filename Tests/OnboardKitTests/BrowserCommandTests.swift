import Testing

@testable import OnboardKit

/// `BROWSER` as the convention has it: a `:`-separated list, `%s` for the address, `%%` for a
/// percent sign, the address last when no `%s` says where; the address always one word.
@Suite struct BrowserCommandTests {
    static let url = "https://shop.example.com/b?p=pro&ref=A B$(touch x)'\""

    @Test(arguments: [
        (nil as String?, [["xdg-open", url]]),
        ("", [["xdg-open", url]]),
        ("firefox", [["firefox", url]]),
        ("firefox %s", [["firefox", url]]),
        ("firefox --new-tab %s", [["firefox", "--new-tab", url]]),
        ("missing:firefox %s:lynx", [["missing", url], ["firefox", url], ["lynx", url]]),
        ("  w3m\t-o  opt=1  ", [["w3m", "-o", "opt=1", url]]),
        ("open --url=%s --flag", [["open", "--url=" + url, "--flag"]]),
        ("echo 100%% %s", [["echo", "100%", url]]),
        ("echo 100%%s", [["echo", "100%s", url]]),
        ("printf %d", [["printf", "%d", url]]),
        ("tail%", [["tail%", url]]),
        ("both %s %s", [["both", url, url]]),
        ("::: :", []),
        ("/opt/browser/bin/run::lynx", [["/opt/browser/bin/run", url], ["lynx", url]]),
    ])
    func theCandidatesInOrder(browser: String?, expected: [[String]]) {
        #expect(BrowserCommand.candidates(browser: browser, url: Self.url) == expected)
    }

    @Test func aPercentInTheAddressIsNotReadAgain() {
        // The address is put in as it is: its own "%s" or "%%" stays.
        let url = "https://example.com/?q=%s%%"
        #expect(BrowserCommand.candidates(browser: "b %s", url: url) == [["b", url]])
    }
}

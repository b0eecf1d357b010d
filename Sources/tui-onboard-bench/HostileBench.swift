import Foundation
import OnboardKit

extension Benchmarks {
    /// How long generated adversarial inputs up to the 10 MiB limit take to be answered (a
    /// deck, art file or catalog decoded, valid or with its errors). The goal is under a second
    /// each; the tests only check that they finish.
    static let hostile = Benchmark(name: "hostile", run: { runHostile() })

    private struct HostileCase {
        var name: String
        /// Builds the input (not timed) and returns the work to time, which describes its outcome.
        var make: () -> () -> String
    }

    private static let limit = DeckLoader.maximumDeckSize

    private static func deck(pages: String, extra: String = "") -> String {
        #"{"app": {"id": "a.b", "name": "App"}, "pages": [\#(pages)]\#(extra)}"#
    }

    private static let stepPage = #"{"kind": "step", "heading": "h"}"#

    private static func loadDeck(_ json: String, files: [String: String] = [:]) -> () -> String {
        var all = files
        all["deck.json"] = json
        let reader = FileReader.memory(all)
        return { describe(DeckLoader.load(path: "deck.json", reader: reader).diagnostics, valid: "valid deck") }
    }

    private static func loadCatalog(_ json: String) -> () -> String {
        let bytes = Array(json.utf8)
        return {
            let result = CatalogDecoder.decode(bytes, path: "catalog.json", fileReader: { _ in [] })
            return describe(result.diagnostics, valid: "valid catalog")
        }
    }

    private static func describe(_ diagnostics: [Diagnostic], valid: String) -> String {
        let errors = diagnostics.filter { $0.severity == .error }
        guard let first = errors.first else { return "\(valid), \(diagnostics.count) warnings" }
        return "\(errors.count) errors, first: \(TextLayout.truncate(first.message, width: 60))"
    }

    private static func parse(_ text: String) -> () -> String {
        let bytes = Array(text.utf8)
        return {
            do throws(JSONSyntaxError) {
                return "parsed \(try JSONParser.parse(bytes).kindName)"
            } catch {
                return "refused at \(error.location): \(error.message)"
            }
        }
    }

    private static var cases: [HostileCase] {
        [
            HostileCase(name: "10 MiB string of \"a\\n\" escapes") {
                parse("\"" + String(repeating: "a\\n", count: (limit - 2) / 3) + "\"")
            },
            HostileCase(name: "10 MiB string of surrogate pairs") {
                parse("\"" + String(repeating: "\\uD83D\\uDE00", count: (limit - 2) / 12) + "\"")
            },
            HostileCase(name: "10 MiB string of lone high surrogates") {
                parse("\"" + String(repeating: "\\uD800", count: (limit - 2) / 6) + "\"")
            },
            HostileCase(name: "10 MiB of [") { loadDeck(String(repeating: "[", count: limit)) },
            HostileCase(name: "nesting to the depth limit, 10 MiB") {
                let depth = JSONParser.maximumDepth - 1
                let inner = String(repeating: "1,", count: (limit - 2 * depth) / 2 - 1) + "1"
                return parse(String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth))
            },
            HostileCase(name: "10 MiB number as the accent") {
                loadDeck(deck(pages: stepPage, extra: #", "accent": \#(String(repeating: "9", count: limit - 100))"#))
            },
            HostileCase(name: "10 MiB of small numbers") {
                parse("[" + String(repeating: "-1.5e+3,", count: limit / 8 - 1) + "0]")
            },
            HostileCase(name: "5 MiB member name") {
                loadDeck(deck(pages: stepPage, extra: ", \"\(String(repeating: "k", count: limit / 2))\": 1"))
            },
            HostileCase(name: "500,000 unknown members") {
                let members = (0..<500_000).map { "\"k\($0)\":0" }.joined(separator: ",")
                return loadDeck(deck(pages: stepPage, extra: ", \(members)"))
            },
            HostileCase(name: "1 MiB art file of newlines") {
                loadDeck(
                    deck(pages: #"{"kind": "step", "image": "art.txt", "heading": "h"}"#),
                    files: ["./art.txt": String(repeating: "\n", count: DeckLoader.maximumArtSize)])
            },
            HostileCase(name: "10 MiB inline art of \\n escapes") {
                let art = String(repeating: "\\n", count: (limit - 200) / 2)
                return loadDeck(deck(pages: #"{"kind": "step", "art": "\#(art)", "heading": "h"}"#))
            },
            HostileCase(name: "1 MB symbol name") {
                let name = "figure.walk" + String(repeating: "x", count: 1_000_000)
                return loadDeck(deck(pages: #"{"kind": "hero", "symbol": "\#(name)", "title": "t"}"#))
            },
            HostileCase(name: "300,000 pages (over the limit)") {
                loadDeck(deck(pages: Array(repeating: stepPage, count: 300_000).joined(separator: ",")))
            },
            HostileCase(name: "1000 pages with 10 KB texts") {
                let page = #"{"kind": "step", "heading": "h", "text": "\#(String(repeating: "word ", count: 2000))"}"#
                return loadDeck(deck(pages: Array(repeating: page, count: 1000).joined(separator: ",")))
            },
            HostileCase(name: "wrap a 10 MiB single word at 64 columns") {
                let word = String(repeating: "w", count: limit)
                return { "\(TextLayout.wrap(word, width: 64).count) lines" }
            },
            HostileCase(name: "wrap 10 MiB of words at 64 columns") {
                let words = String(repeating: "word ", count: limit / 5)
                return { "\(TextLayout.wrap(words, width: 64).count) lines" }
            },
            HostileCase(name: "wrap 10 MiB of CJK at 64 columns") {
                let text = String(repeating: "日本語の文章 ", count: limit / 19)
                return { "\(TextLayout.wrap(text, width: 64).count) lines" }
            },
            HostileCase(name: "render a page with 500,000 lines of art, 80x24") {
                let page = Page.step(
                    StepPage(art: Array(repeating: "x", count: 500_000), heading: "h", text: "t"))
                return {
                    var canvas = Canvas(width: 80, height: 24)
                    PageView(page: page, theme: Theme(colorMode: .indexed256))
                        .draw(into: &canvas, in: Rect(x: 0, y: 0, width: 80, height: 24), clip: canvas.bounds)
                    return "drawn"
                }
            },
            HostileCase(name: "render a page of a 10 MiB word, 80x24") {
                let page = Page.step(StepPage(art: [], heading: "h", text: String(repeating: "w", count: limit)))
                return {
                    var canvas = Canvas(width: 80, height: 24)
                    PageView(page: page, theme: Theme(colorMode: .indexed256))
                        .draw(into: &canvas, in: Rect(x: 0, y: 0, width: 80, height: 24), clip: canvas.bounds)
                    return "drawn"
                }
            },
            HostileCase(name: "catalog: 20,000 products, 20,000 unknown references") {
                let products = (0..<20_000).map {
                    #"{"id":"product_\#($0)","type":"consumable","price":"1","title":"T"}"#
                }
                let unknown = (0..<20_000).map { "\"produkt_\($0)\"" }
                return loadCatalog(
                    #"{"formatVersion":1,"currency":"USD","currentOffering":"o","products":["#
                        + products.joined(separator: ",")
                        + #"],"entitlements":[{"id":"e","displayName":"E","products":["#
                        + unknown.joined(separator: ",")
                        + #"]}],"offerings":[{"id":"o","packages":[{"id":"p","product":"product_0"}]}]}"#)
            },
            HostileCase(name: "catalog: one entitlement listing 100,000 products") {
                let products = (0..<100_000).map { #"{"id":"p\#($0)","type":"consumable","price":"1","title":"T"}"# }
                let listed = (0..<100_000).map { "\"p\($0)\"" }
                return loadCatalog(
                    #"{"formatVersion":1,"currency":"USD","currentOffering":"o","products":["#
                        + products.joined(separator: ",")
                        + #"],"entitlements":[{"id":"e","displayName":"E","products":["#
                        + listed.joined(separator: ",")
                        + #"]}],"offerings":[{"id":"o","packages":[{"id":"p","product":"p0"}]}]}"#)
            },
        ]
    }

    private static func runHostile() {
        print("each input built first, then decoded once; wall time of the decode (goal: under 1 s)")
        let clock = ContinuousClock()
        // `HOSTILE_CASE=text` runs only the cases whose name contains it (for a profiler).
        let only = ProcessInfo.processInfo.environment["HOSTILE_CASE"] ?? ""
        for hostileCase in cases where only.isEmpty || hostileCase.name.contains(only) {
            let work = hostileCase.make()
            let started = clock.now
            let outcome = work()
            let elapsed = clock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let name = hostileCase.name.padding(toLength: 52, withPad: " ", startingAt: 0)
            print("\(name) \(String(format: "%7.3f s", seconds))  \(outcome)")
        }
    }
}

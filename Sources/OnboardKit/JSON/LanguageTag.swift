/// A language key of a deck's or catalog's text (`de`, `pt-BR`, `zh-Hans`, `sr-Latn-RS`),
/// read strictly: a language of 2 or 3 letters, then an optional script of 4 letters and an
/// optional region of 2 letters or 3 digits, joined by `-` or `_`, in any case. Variants and
/// extensions are refused rather than kept: no reader's preference ever names them, so a text
/// under such a key could never be chosen.
struct LanguageTag: Hashable, Sendable {
    /// As `LanguagePreference` writes its tags: `pt_BR`, `zh_Hans`, so that the two compare
    /// with `==`.
    let identifier: String

    init?(_ key: String) {
        let parts = key.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(Self.isLetter),
            parts.count <= 3
        else { return nil }
        var tag = [language.lowercased()]
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(Self.isLetter) {
            tag.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        if let region = rest.first {
            let isLetters = region.count == 2 && region.allSatisfy(Self.isLetter)
            let isDigits = region.count == 3 && region.allSatisfy(Self.isDigit)
            guard isLetters || isDigits else { return nil }
            tag.append(region.uppercased())
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { return nil }
        identifier = tag.joined(separator: "_")
    }

    /// As BCP 47 and most files write it: `pt-BR`.
    static func displayName(_ identifier: String) -> String { identifier.replacing("_", with: "-") }

    /// The keys a reader's preference looks for, most wanted first: each of its tags, and
    /// after one with a script and a region the same without the script (`zh_Hans_CN`, then
    /// `zh_CN`), after a Chinese one with a region alone its script (`zh_CN`, then
    /// `zh_Hans_CN` and `zh_Hans`: `LANG=zh_CN.UTF-8` is how Linux says Simplified Chinese).
    static func candidates(for preference: LanguagePreference) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        func add(_ tag: String) { if seen.insert(tag).inserted { result.append(tag) } }
        for tag in preference.tags {
            add(tag)
            let parts = tag.split(separator: "_").map(String.init)
            if parts.count == 3 {
                add("\(parts[0])_\(parts[2])")
            } else if parts.count == 2, parts[0] == "zh", parts[1].count != 4, let script = chineseScript[parts[1]] {
                add("zh_\(script)_\(parts[1])")
                add("zh_\(script)")
            }
        }
        return result
    }

    /// The script Chinese is written in, by region, as CLDR's likely subtags give it.
    static let chineseScript: [String: String] = [
        "CN": "Hans", "SG": "Hans", "MY": "Hans", "TW": "Hant", "HK": "Hant", "MO": "Hant",
    ]

    private static func isLetter(_ character: Character) -> Bool { character.isASCII && character.isLetter }
    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}

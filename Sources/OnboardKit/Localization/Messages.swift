/// The words the app itself shows, in the user's language: every built-in string a user can see
/// goes through `tr` or `trn`, whose English text is the message's identifier in the catalogs
/// under `po/` (`make messages-template` extracts them with xgettext, keywords `tr`, `trn:1,2` and `trNoop`).
///
/// The messages in force are a task-local value: the launcher binds them once for a run
/// (`Messages.$current.withValue`), a test binds the language it draws in, and everything
/// between reads them without a parameter through every view. English is the default and reads
/// no catalog at all.
public struct Messages: Sendable {
    /// The catalog's language tag (`de`, `pt_BR`, `zh_Hans`); `en` when nothing is translated.
    public let language: String
    /// Where the translations come from; nil for English.
    public let lookup: (any MessageLookup)?

    public init(language: String, lookup: (any MessageLookup)?) {
        self.language = language
        self.lookup = lookup
    }

    /// The built-in English: every message as written in the code.
    public static let english = Messages(language: "en", lookup: nil)

    @TaskLocal public static var current = Messages.english

    /// `english` translated, its `{{ name }}` variables filled from `variables`. A variable that
    /// is not given stays as written, so a mistake shows instead of vanishing (and the catalog
    /// tests refuse a translation whose variables differ from the English).
    public func text(_ english: String, _ variables: [String: String] = [:]) -> String {
        fill(lookup?.translation(of: english) ?? english, variables)
    }

    /// The form of a plural message for `count`; `{{ count }}` is filled with the number unless
    /// `variables` gives it otherwise (a localized number).
    public func text(_ english: String, plural: String, count: Int, _ variables: [String: String] = [:]) -> String {
        let form =
            lookup?.translation(of: english, plural: plural, count: count) ?? (count == 1 ? english : plural)
        var values = variables
        if values["count"] == nil { values["count"] = String(count) }
        return fill(form, values)
    }

    /// `Messages.current.text(english, variables)`: the spelling call sites use.
    public static func tr(_ english: String, _ variables: [String: String] = [:]) -> String {
        current.text(english, variables)
    }

    /// `Messages.current.text(english, plural:count:)`: the spelling call sites use.
    public static func trn(_ english: String, _ plural: String, count: Int, _ variables: [String: String] = [:])
        -> String
    {
        current.text(english, plural: plural, count: count, variables)
    }

    /// `english` unchanged, marked for the catalogs: for tables built once (the key help) whose
    /// text is translated where it is shown, with `tr(entry)`.
    public static func trNoop(_ english: String) -> String { english }

    /// "A", "A and B", "A, B and C" in the messages' language.
    public static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        // Each item apart from the commas, where the sentence may be reordered (product names).
        let separator = tr(", ")
        var firsts: [LinePiece] = []
        for item in items.dropLast() {
            if !firsts.isEmpty { firsts.append(.text(separator)) }
            firsts.append(.value(item))
        }
        return tr("{{ list }} and {{ last }}", ["list": BidiText.line(firsts), "last": items[items.count - 1]])
    }

    /// Replaces each `{{ name }}` whose name `variables` has. In a right-to-left language, and
    /// in any sentence where a value or the words are right to left or hold a direction control,
    /// each value is an isolate of its own (`BidiText.isolated`): a price, a date or a product
    /// name in another script keeps its own order ("39.99 US$" never becomes "$US"), and a
    /// product name's override cannot turn the price after it around.
    func fill(_ template: String, _ variables: [String: String]) -> String {
        guard !variables.isEmpty, template.contains("{{") else { return template }
        let direction =
            LayoutDirection(languageTag: language) == .rightToLeft ? TextDirection.rightToLeft : .leftToRight
        let isolates =
            direction == .rightToLeft || BidiText.mayNeedReordering(template)
            || variables.values.contains { BidiText.mayNeedReordering($0) }
        var result = ""
        for segment in PaywallCopyTemplate.parse(template) {
            switch segment {
            case .text(let literal): result += literal
            case .variable(let name, let source):
                guard let value = variables[name] else {
                    result += source
                    continue
                }
                result += isolates ? BidiText.isolated(value, surrounding: direction) : value
            }
        }
        return result
    }

    /// The `{{ }}` variable names of a message, each once, sorted: what a translation must keep.
    public static func variableNames(of text: String) -> [String] {
        Array(Set(PaywallCopyTemplate(text).variables)).sorted()
    }
}

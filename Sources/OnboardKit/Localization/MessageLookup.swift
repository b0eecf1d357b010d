/// Where translated messages come from: the C library's gettext over the `.mo` files compiled
/// from `po/` (OnboardDisk's `GettextCatalog`), or a table in a test. English needs none: the
/// English text is the message's identifier, as in every gettext catalog.
public protocol MessageLookup: Sendable {
    /// The translation of `english`; `english` itself when the catalog has none.
    func translation(of english: String) -> String
    /// The form of a plural message for `count`, chosen by the catalog's own `Plural-Forms` rule
    /// (checked against CLDR's rules by the tests); `english` or `englishPlural` by English rules
    /// when the catalog has none.
    func translation(of english: String, plural englishPlural: String, count: Int) -> String
}

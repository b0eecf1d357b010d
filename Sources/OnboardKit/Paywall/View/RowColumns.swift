/// The columns of the package rows, shared by every row so that prices line up: the name (cut
/// when space is short), the price right-aligned, the price per month, and a tag (the badge,
/// or "owned"). Columns are dropped for every row at once, never the price.
struct RowColumns {
    var priceWidth: Int
    var monthWidth: Int
    var tagWidth: Int
    var useShortTags: Bool
    var nameWidth: Int
    /// Each name as shown: whole, or cut so that different names still read differently.
    var shownNames: [String: String]
    /// Right to left, the columns run from the right. Each cell is then an isolate of its own,
    /// and so is every cell of a row where any is right to left or holds a direction control:
    /// a Latin name or a price keeps its own order, and nothing a name holds can move or turn
    /// the price beside it.
    var rightToLeft = false

    static let marker = 3  // " ● "

    /// The width that shows every name whole with every column.
    static func naturalWidth(of rows: [PaywallPresentation.Row]) -> Int {
        let prices = rows.map { DisplayWidth.of($0.price) }.max() ?? 0
        let months = rows.map { DisplayWidth.of($0.perMonth ?? "") }.max() ?? 0
        let tags = rows.map { DisplayWidth.of(Self.tag(of: $0, short: false) ?? "") }.max() ?? 0
        let names = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
        return marker + names + 2 + prices + (months > 0 ? 2 + months : 0) + (tags > 0 ? 2 + tags : 0) + 1
    }

    init(rows: [PaywallPresentation.Row], width: Int) {
        let prices = rows.map { DisplayWidth.of($0.price) }.max() ?? 0
        priceWidth = prices
        let months = rows.map { DisplayWidth.of($0.perMonth ?? "") }.max() ?? 0
        let longTags = rows.map { DisplayWidth.of(Self.tag(of: $0, short: false) ?? "") }.max() ?? 0
        let shortTags = rows.map { DisplayWidth.of(Self.tag(of: $0, short: true) ?? "") }.max() ?? 0
        let longestName = rows.map { DisplayWidth.of($0.name) }.max() ?? 0
        let minimumName = min(longestName, 10)
        // (per month, tag width, short tags), most complete first.
        let options: [(Int, Int, Bool)] = [
            (months, longTags, false), (months, shortTags, true), (0, shortTags, true), (months, 0, true), (0, 0, true),
        ]
        func rightWidth(_ month: Int, _ tag: Int) -> Int {
            prices + (month > 0 ? 2 + month : 0) + (tag > 0 ? 2 + tag : 0)
        }
        func nameRoom(_ option: (Int, Int, Bool)) -> Int {
            width - Self.marker - 2 - rightWidth(option.0, option.1) - 1
        }
        // Whole names first, then names cut to no less than ten columns, then whatever is left.
        let chosen =
            options.first { nameRoom($0) >= longestName } ?? options.first { nameRoom($0) >= minimumName }
            ?? (0, 0, true)
        monthWidth = chosen.0
        tagWidth = chosen.1
        useShortTags = chosen.2
        nameWidth = max(0, width - Self.marker - 2 - rightWidth(monthWidth, tagWidth) - 1)
        let names = Array(Set(rows.map(\.name)))
        shownNames = Dictionary(
            uniqueKeysWithValues: zip(names, TextLayout.truncateDistinct(names, width: nameWidth)))
    }

    /// The badge, or what the row already is.
    static func tag(of row: PaywallPresentation.Row, short: Bool) -> String? {
        if row.isLicensed { return Messages.tr("licensed") }
        if row.isOwned {
            return row.isOneTime ? Messages.tr("owned") : (short ? Messages.tr("current") : Messages.tr("current plan"))
        }
        if let change = row.planChangeTag { return change }
        if row.isBlocked { return nil }
        guard let badge = row.badge else { return nil }
        return short ? String(badge.split(separator: "·").last ?? "").trimmingWhitespace() : badge
    }

    func text(of row: PaywallPresentation.Row) -> String {
        let name = shownNames[row.name] ?? TextLayout.truncate(row.name, width: nameWidth)
        let perMonth = monthWidth > 0 ? row.perMonth ?? "" : ""
        let tag = tagWidth > 0 ? Self.tag(of: row, short: useShortTags) ?? "" : ""
        let isolates = BidiText.needsIsolation([name, row.price, perMonth, tag], rightToLeft: rightToLeft)
        func padded(_ text: String, to width: Int, right: Bool = false) -> String {
            let pad = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
            let cell =
                isolates && !text.isEmpty
                ? BidiText.isolated(text, surrounding: rightToLeft ? .rightToLeft : .leftToRight) : text
            return right ? pad + cell : cell + pad
        }
        var text = " " + (row.isSelected ? "● " : "○ ")
        text += padded(name, to: nameWidth) + "  "
        text += padded(row.price, to: priceWidth, right: true)
        if monthWidth > 0 { text += "  " + padded(perMonth, to: monthWidth) }
        if tagWidth > 0 { text += "  " + padded(tag, to: tagWidth) }
        // No trailing spaces beyond the list: a cut name never pushes the price off.
        return text
    }
}

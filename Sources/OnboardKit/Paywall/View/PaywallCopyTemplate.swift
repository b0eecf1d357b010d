/// Paywall copy with RevenueCat-style `{{ variable }}` placeholders, filled from the selected
/// package: "Get {{ product_name }} for {{ price_per_period }}" becomes "Get Pro for $39.99/yr".
///
/// Unknown variables are left in the text exactly as written, so a typo shows on screen instead
/// of vanishing; `CatalogDecoder` reports them with their position.
public struct PaywallCopyTemplate: Hashable, Sendable {
    /// A piece of the template: literal text, or a variable with the text that spelled it.
    public enum Segment: Hashable, Sendable {
        case text(String)
        case variable(name: String, source: String)
    }

    public let text: String
    public let segments: [Segment]

    public init(_ text: String) {
        self.text = text
        self.segments = Self.parse(text)
    }

    /// The variables this template understands, including RevenueCat's older aliases.
    public static let knownVariables: Set<String> = [
        "product_name", "price", "price_per_period", "price_per_period_full", "total_price_and_per_month",
        "per_month", "sub_price_per_month", "price_per_month", "sub_price_per_week", "sub_period",
        "sub_duration", "sub_offer_duration", "sub_offer_price", "sub_offer", "sub_relative_discount", "savings",
    ]

    /// Variable names in order of appearance.
    public var variables: [String] {
        segments.compactMap { segment in
            if case .variable(let name, _) = segment { return name }
            return nil
        }
    }

    /// Variables that `render` would leave as written, each once, in order of appearance.
    public var unknownVariables: [String] {
        var seen = Set<String>()
        return variables.filter { !Self.knownVariables.contains($0) && seen.insert($0).inserted }
    }

    /// The text with every known variable replaced by its value for `package`. The copy is the
    /// author's and the product name the catalog's, the prices ours: where the line may be
    /// reordered at all (`BidiText.needsIsolation`), each value is an isolate of its own, and the
    /// copy's own unbalanced direction controls are left out, so no override in the copy or the
    /// name can turn a price around.
    public func render(package: Package, offering: Offering, formatter: PriceFormatter) -> String {
        let values = segments.map { segment -> String in
            switch segment {
            case .text(let literal): return literal
            case .variable(let name, let source):
                return Self.value(of: name, package: package, offering: offering, formatter: formatter) ?? source
            }
        }
        let rightToLeft = LayoutDirection(languageTag: Messages.current.language) == .rightToLeft
        guard BidiText.needsIsolation(values, rightToLeft: rightToLeft) else { return values.joined() }
        var result = ""
        for (segment, value) in zip(segments, values) {
            if case .variable = segment {
                result += BidiText.isolated(value, surrounding: rightToLeft ? .rightToLeft : .leftToRight)
            } else {
                result += BidiText.balanced(value)
            }
        }
        return result
    }

    /// The value of one variable; nil for an unknown name. Values that do not apply (an offer
    /// price without an offer) are empty, as RevenueCat renders them.
    static func value(of name: String, package: Package, offering: Offering, formatter: PriceFormatter) -> String? {
        let product = package.product
        switch name {
        case "product_name": return product.localizedTitle
        case "price": return formatter.price(of: product)
        case "price_per_period": return formatter.pricePerPeriod(of: product)
        case "price_per_period_full": return formatter.pricePerPeriodFull(of: product)
        case "total_price_and_per_month": return formatter.totalPriceAndPerMonth(of: product)
        case "per_month", "sub_price_per_month", "price_per_month":
            return formatter.price(of: product, per: .month) ?? formatter.price(of: product)
        case "sub_price_per_week": return formatter.price(of: product, per: .week) ?? formatter.price(of: product)
        case "sub_period": return package.packageType.displayName ?? package.identifier
        case "sub_duration":
            return product.subscriptionPeriod?.description ?? package.packageType.displayName ?? package.identifier
        case "sub_offer_duration": return product.introductoryOffer?.totalDuration.description ?? ""
        case "sub_offer_price": return formatter.introductoryOfferPrice(of: product) ?? ""
        case "sub_offer": return formatter.introductoryOfferText(for: product) ?? ""
        case "sub_relative_discount": return formatter.relativeDiscountText(of: package, in: offering) ?? ""
        case "savings": return formatter.savingsAgainstShortestText(of: package, in: offering) ?? ""
        default: return nil
        }
    }

    /// Splits on `{{ name }}`: a name of letters, digits and underscores, spaces inside the
    /// braces optional. Anything else, including a lone `{{`, stays literal text.
    static func parse(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            literal += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}") else {
                literal += "{{"
                rest = afterOpen
                continue
            }
            let inner = afterOpen[..<close.lowerBound]
            let name = String(inner).trimmingWhitespace()
            if !inner.contains("{") && isVariableName(name) {
                if !literal.isEmpty { segments.append(.text(literal)) }
                literal = ""
                segments.append(.variable(name: name, source: String(rest[open.lowerBound..<close.upperBound])))
                rest = afterOpen[close.upperBound...]
            } else {
                // Step over one brace only, so "{{{ price }}}" still finds "{{ price }}".
                literal += "{"
                rest = rest[rest.index(after: open.lowerBound)...]
            }
        }
        literal += rest
        if !literal.isEmpty { segments.append(.text(literal)) }
        return segments
    }

    static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
    }
}

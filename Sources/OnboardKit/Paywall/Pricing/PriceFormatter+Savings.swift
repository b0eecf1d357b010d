import FoundationEssentials
import FoundationInternationalization

extension PriceFormatter {
    /// How much cheaper per month `package` is than the package of `offering` with the shortest
    /// period (a designed paywall's tier: a year against a month), in whole percent rounded
    /// down, so a badge never promises more than the price gives; nil when it is not cheaper,
    /// has no period, or is that package.
    public static func savingsAgainstShortest(of package: Package, in offering: Offering) -> Int? {
        let product = package.product
        // Exact prices per month, not the cent-cut ones shown: $179.99 a year is 24.96% under
        // $19.99 a month, "Save 24%", where the shown $14.99 would make it 25%.
        func exactPerMonth(_ product: Product) -> Decimal? {
            product.subscriptionPeriod?.price(per: .month, totalPrice: product.price, fractionDigits: 12)
        }
        guard let perMonth = exactPerMonth(product), product.type == .autoRenewable else { return nil }
        let comparable = offering.packages.filter {
            $0.product.type == .autoRenewable && $0.product.currencyCode == product.currencyCode
                && $0.product.subscriptionPeriod != nil
        }
        guard
            let shortest = comparable.min(by: {
                ($0.product.subscriptionPeriod?.approximateMonths ?? 0)
                    < ($1.product.subscriptionPeriod?.approximateMonths ?? 0)
            }), shortest.identifier != package.identifier,
            let base = exactPerMonth(shortest.product), base > 0, perMonth < base
        else { return nil }
        let percent = ((base - perMonth) * 100 / base).truncated(toFractionDigits: 0)
        guard let whole = Int(percent.description), whole > 0 else { return nil }
        return whole
    }

    /// "Save 33%" against the shortest period (`savingsAgainstShortest`), in the reader's
    /// language; nil without savings.
    public func savingsAgainstShortestText(of package: Package, in offering: Offering) -> String? {
        Self.savingsAgainstShortest(of: package, in: offering).map {
            Messages.tr("Save {{ percent }}", ["percent": percent($0)])
        }
    }
}

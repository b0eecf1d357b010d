import FoundationEssentials
import FoundationInternationalization
import OnboardKit

/// `store transactions`: the listing for people (a table) and for programs (JSON, every key
/// present, null when it does not apply; docs/store.md).
struct TransactionTable {
    /// The version of the JSON form.
    static let jsonVersion = 1

    var rows: [TransactionListing.Row]
    var now: Date
    var isSandbox: Bool
    var locale: Locale
    var timeZone: TimeZone
    /// Each product's currency, for the prices events carry (a price increase's new price).
    var currencies: [String: String] = [:]

    func text(appID: String) -> String {
        let moment = StatusReport.momentText(now, locale: locale, timeZone: timeZone)
        var lines = [
            "\(SafeText.sanitize(appID)): transactions at \(moment) (\(isSandbox ? "sandbox" : "real") ledger)"
        ]
        guard !rows.isEmpty else { return lines[0] + "\n  none yet\n" }
        let cells = rows.map { row -> [String] in
            [
                SafeText.sanitize(row.id), row.kind.rawValue, SafeText.sanitize(row.productID), day(row.date),
                row.expiresDate.map(day) ?? "", price(row), notes(row),
            ]
        }
        let widths = (0..<6).map { column in cells.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        for cell in cells {
            var line = " "
            for column in 0..<6 {
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell[column]))
                line += " " + cell[column] + padding
            }
            if !cell[6].isEmpty { line += "  " + cell[6] }
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func day(_ date: Date) -> String {
        RFC3339Date.text(of: date)
    }

    private func price(_ row: TransactionListing.Row) -> String {
        guard let amount = row.price, let currency = row.currencyCode else { return "" }
        return PriceFormatter(locale: locale).string(for: amount, currencyCode: currency)
    }

    /// What later events did to the row, and what an event carries.
    private func notes(_ row: TransactionListing.Row) -> String {
        var notes: [String] = []
        if let offer = row.offerID {
            notes.append("offer \(SafeText.sanitize(offer))")
        } else if let mode = row.offer {
            notes.append(mode)
        }
        if let refunded = row.refundedAt {
            notes.append(
                "\(row.withdrawalWord) \(day(refunded))" + (row.reason.map { ": \(SafeText.sanitize($0))" } ?? ""))
        }
        if let replacement = row.replacedBy { notes.append("replaced by \(SafeText.sanitize(replacement))") }
        if let refund = row.proratedRefund {
            let amount = Decimal(string: refund).flatMap { value in
                row.currencyCode.map { PriceFormatter(locale: locale).string(for: value, currencyCode: $0) }
            }
            notes.append("\(amount ?? SafeText.sanitize(refund)) of the old plan refunded")
        }
        if let pending = row.pendingProductID { notes.append("to \(SafeText.sanitize(pending))") }
        if let newPrice = row.newPrice {
            let amount = Decimal(string: newPrice).flatMap { value in
                currencies[row.productID].map { PriceFormatter(locale: locale).string(for: value, currencyCode: $0) }
            }
            notes.append(
                "new price \(amount ?? SafeText.sanitize(newPrice))"
                    + (row.requiresConsent == true ? ", needs consent" : ""))
        }
        if !row.isPayment, row.kind != .refund, row.kind != .revocation, let target = row.appliesTo {
            notes.append("on \(SafeText.sanitize(target))")
        }
        if (row.kind == .refund || row.kind == .revocation), let target = row.appliesTo {
            notes.append("of \(SafeText.sanitize(target))")
        }
        return notes.joined(separator: "; ")
    }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(Document(self))) ?? Data("{}".utf8)
        return JSONString.escapingControls(inDocument: String(decoding: data, as: UTF8.self)) + "\n"
    }

    private struct Document: Encodable {
        var version = TransactionTable.jsonVersion
        var now: Date
        var ledger: String
        var transactions: [Entry]

        init(_ table: TransactionTable) {
            now = table.now
            ledger = table.isSandbox ? "sandbox" : "real"
            transactions = table.rows.map(Entry.init)
        }
    }

    private struct Entry: Encodable {
        var row: TransactionListing.Row

        init(_ row: TransactionListing.Row) { self.row = row }

        enum CodingKeys: String, CodingKey {
            case id, originalID, productID, kind, date, expiresDate, price, currency, offer, offerKind, offerID
            case refundedAt, revoked, reason, replacedBy, proratedRefund, pendingProductID, newPrice
            case requiresConsent, appliesTo
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(row.id, forKey: .id)
            try container.encode(row.originalID, forKey: .originalID)
            try container.encode(row.productID, forKey: .productID)
            try container.encode(row.kind.rawValue, forKey: .kind)
            try container.encode(row.date, forKey: .date)
            try container.encode(row.expiresDate, forKey: .expiresDate)
            try container.encode(row.price.map { "\($0)" }, forKey: .price)
            try container.encode(row.currencyCode, forKey: .currency)
            try container.encode(row.offer, forKey: .offer)
            try container.encode(row.offerKind, forKey: .offerKind)
            try container.encode(row.offerID, forKey: .offerID)
            try container.encode(row.refundedAt, forKey: .refundedAt)
            try container.encode(row.refundedAt == nil ? nil : row.revoked, forKey: .revoked)
            try container.encode(row.reason, forKey: .reason)
            try container.encode(row.replacedBy, forKey: .replacedBy)
            try container.encode(row.proratedRefund, forKey: .proratedRefund)
            try container.encode(row.pendingProductID, forKey: .pendingProductID)
            try container.encode(row.newPrice, forKey: .newPrice)
            try container.encode(row.requiresConsent, forKey: .requiresConsent)
            try container.encode(row.appliesTo, forKey: .appliesTo)
        }
    }
}

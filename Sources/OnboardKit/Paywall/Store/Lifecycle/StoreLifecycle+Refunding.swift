import FoundationEssentials

/// Refunding or revoking one payment (a purchase or a renewal): access through it ends now.
extension StoreLifecycle {
    /// Refunds (or, with `revoke`, withdraws without a refund) the payment `transactionID`, as
    /// the transaction listing names it: once, and never one a plan change replaced.
    func refund(
        _ transactionID: String, reason: String?, revoke: Bool, in context: StoreContext, id: String
    ) throws(LifecycleRefusal) -> LifecycleStep {
        let listing = TransactionListing(catalog: catalog, calendar: calendar).rows(of: context.ledger, at: context.now)
        guard let row = listing.first(where: { $0.id == transactionID }) else {
            throw LifecycleRefusal(
                .unknownName,
                Messages.tr(
                    "no transaction \"{{ transaction }}\": `store transactions` lists them",
                    ["transaction": SafeText.excerpt(transactionID)]))
        }
        guard row.isPayment else {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ transaction }} is {{ kind }}, not a payment; refund a purchase or renewal",
                    ["transaction": row.id, "kind": row.kindText]))
        }
        if let refunded = row.refundedAt {
            let values = ["transaction": row.id, "date": day(refunded)]
            throw LifecycleRefusal(
                .notAllowed,
                row.revoked
                    ? Messages.tr("{{ transaction }} was revoked on {{ date }} already", values)
                    : Messages.tr("{{ transaction }} was refunded on {{ date }} already", values))
        }
        if let replacement = row.replacedBy {
            throw LifecycleRefusal(
                .notAllowed,
                Messages.tr(
                    "{{ transaction }} was replaced by the plan change {{ other }}; refund that one instead",
                    ["transaction": row.id, "other": replacement]))
        }
        let event = LedgerTransaction(
            id: id, originalID: row.originalID, productID: row.productID, purchaseDate: context.now,
            state: revoke ? .revoked : .refunded, appliesTo: row.id,
            reason: reason.map { String(SafeText.sanitize($0).prefix(200)) })
        let values = ["transaction": row.id, "name": name(row.productID)]
        return LifecycleStep(
            transaction: event,
            summary: revoke
                ? Messages.tr("Revoked {{ transaction }} ({{ name }}): access through it ended now.", values)
                : Messages.tr("Refunded {{ transaction }} ({{ name }}): access through it ended now.", values))
    }
}

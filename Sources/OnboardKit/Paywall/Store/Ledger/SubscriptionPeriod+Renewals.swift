import FoundationEssentials

extension SubscriptionPeriod {
    /// The most periods counted by calendar arithmetic; beyond it (millions of years of
    /// renewals, only reachable with absurd time rates) the mean lengths are used instead.
    private static let maximumCalendarCount = 10_000_000

    /// The date `count` periods after `anchor`, each counted from the anchor rather than from the
    /// previous renewal, so a subscription bought on 31 January renews on 28 February and then
    /// on 31 March, not on the 28th for ever after.
    func adding(_ count: Int, to anchor: Date, calendar: Calendar) -> Date {
        guard count != 0 else { return anchor }
        guard count > 0, count <= Self.maximumCalendarCount else {
            return anchor.addingTimeInterval(Double(count) * approximateSeconds)
        }
        return SubscriptionPeriod(value: value * count, unit: unit).adding(to: anchor, calendar: calendar)
    }

    /// The first period boundary after `date` when periods start at `anchor`: the anchor
    /// itself while `date` is before it, else the end of the period that contains `date`.
    func firstBoundary(after date: Date, from anchor: Date, calendar: Calendar) -> Date {
        guard date >= anchor else { return anchor }
        let estimate = date.timeIntervalSince(anchor) / approximateSeconds
        guard estimate < Double(Self.maximumCalendarCount) else {
            return anchor.addingTimeInterval((estimate.rounded(.down) + 1) * approximateSeconds)
        }
        // The estimate is off by at most a period or two (months differ from their mean by a
        // few days); walk to the exact boundary.
        var count = max(1, Int(estimate))
        while adding(count, to: anchor, calendar: calendar) <= date { count += 1 }
        while count > 1 && adding(count - 1, to: anchor, calendar: calendar) > date { count -= 1 }
        return adding(count, to: anchor, calendar: calendar)
    }

    /// The period that contains `date` when periods start at `anchor` (`date` at or after it):
    /// its start and its end, the first boundary after `date`.
    func period(containing date: Date, from anchor: Date, calendar: Calendar) -> (start: Date, end: Date) {
        let end = firstBoundary(after: date, from: anchor, calendar: calendar)
        guard date >= anchor else { return (anchor, end) }
        // The boundary before `end`: one period less, counted from the anchor like every other.
        var count = 1
        while adding(count, to: anchor, calendar: calendar) < end && count < Self.maximumCalendarCount { count *= 2 }
        var low = 0
        var high = count
        while high - low > 1 {
            let middle = (low + high) / 2
            if adding(middle, to: anchor, calendar: calendar) < end { low = middle } else { high = middle }
        }
        return (adding(low, to: anchor, calendar: calendar), end)
    }
}

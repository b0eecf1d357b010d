import FoundationEssentials
import FoundationInternationalization

/// A limited offer's countdown: how long is left, on the store's clock, and when the shell must
/// wake next to show the next second (and no sooner).
extension PaywallController {
    /// When the page's countdown ends; nil without one.
    public func countdownEnd(on page: PaywallPage) -> Date? {
        page.design.overriding(catalog.paywall).countdown?.endDate(firstSeen: countdownStart, now: countdownStart)
    }

    /// The presentation with the countdown's time left, while it runs; once it is over it is gone.
    func counting(_ presentation: PaywallPresentation?, on page: PaywallPage) -> PaywallPresentation? {
        let presentation = withTestimonials(presentation, on: page)
        guard var presentation, let end = countdownEnd(on: page) else { return presentation }
        presentation.design.countdownEnd = end
        let left = Int(end.timeIntervalSince(now).rounded(.up))
        guard left > 0 else { return presentation }
        let time = Duration.seconds(left).formatted(.time(pattern: .hourMinuteSecond).locale(locale))
        presentation.design.countdown = Messages.tr("Offer ends in {{ time }}", ["time": time])
        return presentation
    }

    /// The next wall time the page's countdown shows another second, or ends; nil when the page
    /// has none running, so a page at rest sleeps as before.
    public func nextCountdownTick(on page: PaywallPage) -> Date? {
        guard let end = countdownEnd(on: page), now < end else { return nil }
        let nextSecond = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 1e-9).rounded(.down) + 1)
        return clock.wallDate(atSimulated: min(end, nextSecond))
    }

    /// "Offer ends Dec 31, 2026 at 11:59 PM", for `--plain`; nil without a countdown or once over.
    public func countdownEndText(on page: PaywallPage) -> String? {
        guard let end = countdownEnd(on: page), now < end else { return nil }
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale)
        style.timeZone = timeZone
        return Messages.tr("Offer ends {{ date }}", ["date": end.formatted(style)])
    }
}

/// Social proof: one testimonial at a time, the next every few seconds on the store's clock,
/// a cut rather than a motion, so it turns under reduced motion too.
extension PaywallController {
    /// The index of the testimonial shown now among `count`.
    func testimonialIndex(count: Int) -> Int {
        let elapsed = max(0, now.timeIntervalSince(countdownStart))
        return Int((elapsed / PaywallDesign.testimonialSeconds).rounded(.down)) % max(1, count)
    }

    /// The presentation with the page's testimonials and the one shown now.
    func withTestimonials(_ presentation: PaywallPresentation?, on page: PaywallPage) -> PaywallPresentation? {
        guard var presentation,
            let testimonials = page.design.overriding(catalog.paywall).testimonials, !testimonials.isEmpty
        else { return presentation }
        presentation.design.testimonials = testimonials.map { SafeText.sanitize($0) }
        presentation.design.testimonial = presentation.design.testimonials[testimonialIndex(count: testimonials.count)]
        return presentation
    }

    /// The next wall time another testimonial shows; nil with fewer than two.
    public func nextTestimonialTurn(on page: PaywallPage) -> Date? {
        guard let count = page.design.overriding(catalog.paywall).testimonials?.count, count > 1 else { return nil }
        let step = PaywallDesign.testimonialSeconds
        let elapsed = max(0, now.timeIntervalSince(countdownStart))
        let next = countdownStart.addingTimeInterval(((elapsed + 1e-9) / step).rounded(.down) * step + step)
        return clock.wallDate(atSimulated: next)
    }
}

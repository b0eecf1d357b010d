/// The event stream: what the app queues for the host where things happen (`TourEvent`), and
/// what it works out after each message (a package selected, the review answered, what the
/// store did).
extension OnboardingApp {
    /// Everything queued since the last call, oldest first; the shell stamps and writes it.
    public mutating func takeEvents() -> [TourEvent] {
        defer { queuedEvents = [] }
        return queuedEvents
    }

    /// The run is over, as the shell decided (a quit, a signal): the last event.
    public mutating func noteEnding(_ outcome: TourEnding) {
        queuedEvents.append(.tourFinished(outcome: RunOutcome(outcome), lastPage: carousel.currentIndex))
    }

    /// What a message may change that is told as an event, taken before it is handled. The
    /// paywall's selection moves only by input, so ticks (sixty a second) look at nothing.
    struct EventProbe {
        var page: Int
        var selection: (offering: String, package: String)?
        var reviewAnswer: ReviewAnswer?

        init(_ app: OnboardingApp, message: Message) {
            page = app.carousel.currentIndex
            reviewAnswer = app.reviewAnswer
            switch message {
            case .key, .mouse, .paste: selection = app.selectedPackage.map { ($0.offering, $0.package.identifier) }
            default: selection = nil
            }
        }
    }

    /// Queues what changed since `before`, and what the store did meanwhile.
    mutating func noteEvents(since before: EventProbe) {
        if let activity = paywall?.store.takeActivity() { queuedEvents += activity.map(Self.event(for:)) }
        if let was = before.selection, before.page == carousel.currentIndex, let now = selectedPackage,
            now.offering == was.offering, now.package.identifier != was.package
        {
            queuedEvents.append(
                .packageSelected(
                    offering: now.offering, package: now.package.identifier, product: now.package.product.id))
        }
        if before.reviewAnswer == nil, let answer = reviewAnswer { queuedEvents.append(.reviewAnswered(answer)) }
    }

    /// The page on screen came into view: told, and for a paywall page with what it offers.
    mutating func notePageViewed() {
        let index = carousel.currentIndex
        let page = deck.pages[index]
        queuedEvents.append(.pageViewed(index: index, id: Self.eventID(of: page), kind: Self.kindName(of: page)))
        guard case .paywall(let paywallPage) = page, let paywall else { return }
        queuedEvents.append(
            .paywallShown(
                index: index, offering: paywall.offering(for: paywallPage)?.id,
                package: selectedPackage?.package.identifier))
    }

    /// The package the paywall on screen has selected, with its offering's id.
    var selectedPackage: (offering: String, package: Package)? {
        guard let paywall, let page = currentPaywallPage, let offering = paywall.offering(for: page) else { return nil }
        let index = paywall.selectedIndex(in: offering)
        guard offering.packages.indices.contains(index) else { return nil }
        return (offering.id, offering.packages[index])
    }

    /// A page's own id in the event stream: a question's; the other kinds have none.
    static func eventID(of page: Page) -> String? {
        guard case .question(let question) = page else { return nil }
        return question.id
    }

    /// The deck format's word for the page's kind.
    static func kindName(of page: Page) -> String {
        switch page {
        case .step: return "step"
        case .hero: return "hero"
        case .paywall: return "paywall"
        case .question: return "question"
        }
    }

    static func event(for activity: StoreActivity) -> TourEvent {
        switch activity {
        case .purchaseStarted(let package):
            return .purchaseStarted(package: package.identifier, product: package.product.id)
        case .purchaseFinished(let package, let transaction):
            return .purchaseFinished(
                package: package.identifier, product: package.product.id, transaction: transaction.id,
                state: transaction.state.rawValue, charge: PurchaseCharge(of: transaction, product: package.product))
        case .purchaseFailed(let package, let cause, let message):
            return .purchaseFailed(
                package: package.identifier, product: package.product.id, cause: cause, message: message)
        case .restoreStarted:
            return .restoreStarted
        case .restoreFinished(let restore):
            return .restoreFinished(restored: restore.restored, active: restore.active)
        }
    }
}

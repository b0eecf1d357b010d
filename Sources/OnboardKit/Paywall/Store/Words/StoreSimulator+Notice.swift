extension StoreSimulator {
    /// What the paywall tells the customer after an operation.
    public enum Notice: Hashable, Sendable {
        case purchased(productName: String)
        /// The purchase failed; the paywall offers to retry.
        case failed(reason: String)
        /// A restore found purchases that make these entitlements active again (they were not
        /// active when the restore began).
        case restored(entitlements: [String])
        /// A restore found nothing new: these entitlements were active already.
        case alreadyActive(entitlements: [String])
        case nothingToRestore
        case awaitingApproval(productName: String)
        /// The product, or another of its subscription group, is already active.
        case alreadySubscribed
        /// The non-consumable product is already owned.
        case alreadyOwned
        case approved(productName: String)
        case declined(productName: String)
        /// The ask-to-buy request was approved or declined elsewhere already.
        case alreadyAnswered(productName: String)
        /// A plan change or another lifecycle action was recorded: what it did.
        case changed(title: String, message: String)
        /// The store would not do it (a refund of a refunded purchase, a code not eligible).
        case refused(message: String)
        /// The stored purchases needed attention: a damaged ledger was repaired, or the ledger
        /// could not be read.
        case storageProblem(StorageProblem)

        public var title: String {
            switch self {
            case .purchased: return Messages.tr("You're all set")
            case .failed: return Messages.tr("Purchase failed")
            case .restored: return Messages.tr("Purchases restored")
            case .alreadyActive: return Messages.tr("Already up to date")
            case .nothingToRestore: return Messages.tr("No purchases to restore")
            case .awaitingApproval: return Messages.tr("Awaiting approval")
            case .alreadySubscribed: return Messages.tr("You're currently subscribed")
            case .alreadyOwned: return Messages.tr("Already purchased")
            case .approved: return Messages.tr("Purchase approved")
            case .declined: return Messages.tr("Purchase declined")
            case .alreadyAnswered: return Messages.tr("Already answered")
            case .changed(let title, _): return title
            case .refused: return Messages.tr("Not possible")
            case .storageProblem(let problem): return problem.title
            }
        }

        public var message: String {
            switch self {
            case .purchased(let name):
                return Messages.tr("Thank you for buying {{ name }}.", ["name": name])
            case .failed(let reason):
                return reason
            case .restored(let names):
                return Messages.trn(
                    "{{ names }} is active again.", "{{ names }} are active again.", count: names.count,
                    ["names": Messages.list(names)])
            case .alreadyActive(let names):
                return Messages.trn(
                    "{{ names }} is active already; nothing else was found.",
                    "{{ names }} are active already; nothing else was found.", count: names.count,
                    ["names": Messages.list(names)])
            case .nothingToRestore:
                return Messages.tr("No active purchases were found for this account.")
            case .awaitingApproval(let name):
                return Messages.tr(
                    "Your request to buy {{ name }} was sent. It will be ready once it is approved.", ["name": name])
            case .alreadySubscribed:
                return Messages.tr("Your subscription is active; there is nothing more to buy.")
            case .alreadyOwned:
                return Messages.tr("You already own this; there is nothing more to buy.")
            case .approved(let name):
                return Messages.tr("The request to buy {{ name }} was approved.", ["name": name])
            case .declined(let name):
                return Messages.tr("The request to buy {{ name }} was declined.", ["name": name])
            case .alreadyAnswered(let name):
                return Messages.tr(
                    "The request to buy {{ name }} was already answered in another window.", ["name": name])
            case .changed(_, let message):
                return message
            case .refused(let message):
                return message
            case .storageProblem(let problem):
                return problem.message
            }
        }

        /// True when the paywall should offer to try again.
        public var isRetryable: Bool {
            if case .failed = self { return true }
            return false
        }

        /// True for the notices that report good news.
        public var isSuccess: Bool {
            switch self {
            case .purchased, .restored, .alreadyActive, .approved, .changed: return true
            default: return false
            }
        }
    }
}

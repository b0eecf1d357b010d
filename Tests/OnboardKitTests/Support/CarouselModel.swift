@testable import OnboardKit

/// What the carousel does with a key, written down from the key list in the README rather than
/// derived from `OnboardingApp`: a reference the app is compared with, key by key.
struct CarouselModel {
    let pageCount: Int
    var page = 0
    var isShowingHelp = false
    /// Set by the key that ends the session.
    var outcome: TourEnding?

    init(pageCount: Int) { self.pageCount = pageCount }

    mutating func press(_ key: Key) {
        if key == .control("c") {
            outcome = .interrupted
            return
        }
        if isShowingHelp {
            // Any other key only closes the help.
            isShowingHelp = false
            return
        }
        let last = pageCount - 1
        switch key {
        case .right, .pageDown, .character("l"):
            page = min(page + 1, last)
        case .enter, .character(" "):
            if page == last { outcome = .completed } else { page += 1 }
        case .left, .pageUp, .backspace, .character("h"):
            page = max(page - 1, 0)
        case .home, .character("g"):
            page = 0
        case .end, .character("G"):
            page = last
        case .character(let digit) where ("1"..."9").contains(digit):
            let number = Int(String(digit))!
            if number <= pageCount { page = number - 1 }
        case .character("?"):
            isShowingHelp = true
        case .character("q"), .escape:
            outcome = .dismissed
        case .character("s"):
            outcome = .skipped
        default:
            break
        }
    }
}

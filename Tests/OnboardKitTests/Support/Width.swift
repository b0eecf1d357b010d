import OnboardKit

typealias OnboardKitWidth = DisplayWidth

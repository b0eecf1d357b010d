extension TmuxTerminal {
    /// The packages of the built-in tour's paywall (`Assets/default-catalog.json`) by the
    /// title its row shows. Pro's tab holds Annual and Monthly on the two sides of the period
    /// switch; Lifetime's tab holds the lifetime alone, with no switch.
    enum BuiltInPackage: String, CaseIterable {
        case annual = "Pro Annual"
        case monthly = "Pro Monthly"
        case lifetime = "Pro Lifetime"

        /// The row's text once the package is selected.
        var selectedRow: String { "● " + rawValue }
    }

    /// Chooses `package` on the built-in paywall as a user does, from whatever tab and side
    /// show now: Tab to its tier, then `b` to its side of Monthly │ Yearly. Returns the screen
    /// once its row shows selected, or nil when it never does.
    @discardableResult
    func chooseOnBuiltInPaywall(_ package: BuiltInPackage) throws -> ScreenCapture? {
        // A screen where some row shows whole (confetti may cross one for a moment).
        let someRowWhole = { (screen: ScreenCapture) in
            BuiltInPackage.allCases.contains { screen.contains($0.selectedRow) }
        }
        guard var shown = waitForScreen(where: someRowWhole) else { return nil }
        if shown.contains(package.selectedRow) { return shown }
        // Only Lifetime's tab shows the lifetime; only Pro's shows the switch.
        let isOnLifetimeTab = shown.contains(BuiltInPackage.lifetime.selectedRow)
        if (package == .lifetime) != isOnLifetimeTab {
            try sendKeys("Tab")
            guard let tab = waitForText(package == .lifetime ? package.selectedRow : "Monthly │ Yearly") else {
                return nil
            }
            shown = tab
        }
        if shown.contains(package.selectedRow) { return shown }
        try sendKeys("b")
        return waitForText(package.selectedRow)
    }
}

extension TmuxTerminal {
    /// Quits from the built-in tour's paywall as a first-time user does: `q`, then `q` again
    /// past the exit offer and past the survey that a first decline brings up. The app's exit
    /// code, or nil when a step never showed.
    func quitPastTheDecline(offer: String = "Before you go", survey: String = "What held you back?") throws -> Int32? {
        try sendKeys("q")
        guard waitForText(offer) != nil else { return nil }
        try sendKeys("q")
        guard waitForText(survey) != nil else { return nil }
        try sendKeys("q")
        return waitForExit()
    }
}

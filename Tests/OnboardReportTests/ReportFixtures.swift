import OnboardReport

/// Event files written by hand for the report's tests, and a way to read them as the shell does.
enum ReportFixtures {
    /// Four runs: two in each variant of `copy`, one from before experiments (no `assignments`),
    /// one whose `tourStarted` the file does not hold; a run that looks at a page twice, buys
    /// in two currencies, and an ask-to-buy request that is not a purchase yet.
    static let events = """
        {"event":"tourStarted","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"pages":3}
        {"event":"pageViewed","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"index":0,"id":null,"kind":"step"}
        {"event":"pageViewed","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"index":1,"id":"role","kind":"question"}
        {"event":"pageViewed","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"index":0,"id":null,"kind":"step"}
        {"event":"questionAnswered","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"index":1,"id":"role","answer":"student"}
        {"event":"paywallShown","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"index":2,"offering":"default","package":null}
        {"event":"exitOfferShown","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"}}
        {"event":"purchaseFinished","version":1,"run":"r1","mode":"tour","assignments":{"copy":"a"},"package":"$rc_annual","product":"y","transaction":"T1","state":"purchased","price":"0","currency":"USD","trial":true}
        {"event":"tourStarted","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"pages":3}

        {"event":"pageViewed","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"index":0,"id":null,"kind":"step"}
        {"event":"purchaseFinished","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"package":"m","product":"m","transaction":"T2","state":"purchased","price":"4.99","currency":"USD","trial":false}
        {"event":"purchaseFinished","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"package":"t","product":"t","transaction":"T3","state":"purchased","price":"2.50","currency":"EUR","trial":false}
        {"event":"purchaseFinished","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"package":"l","product":"l","transaction":"T4","state":"pending","price":"0","currency":"USD","trial":false}
        {"event":"tourFinished","version":1,"run":"r2","mode":"tour","assignments":{"copy":"b"},"outcome":"quit","lastPage":0}
        {"event":"tourStarted","version":1,"run":"r3","mode":"tour","pages":3}
        {"event":"pageViewed","version":1,"run":"r3","mode":"tour","index":0,"id":null,"kind":"step"}
        {"event":"purchaseFinished","version":1,"run":"r3","mode":"tour","package":"m","product":"m","transaction":"T5","state":"purchased"}
        {"event":"pageViewed","version":1,"run":"r4","mode":"tour","assignments":{"copy":"a"},"index":0,"id":null,"kind":"step"}

        """

    /// The report of `bytes` fed in chunks of `chunkSize` (all at once when nil).
    static func report(
        _ bytes: [UInt8], chunkSize: Int? = nil, maximumLineBytes: Int = EventLineReader.maximumLineBytes
    ) throws -> FunnelReport {
        var tally = FunnelTally()
        var decoder = EventFileDecoder(source: "events.jsonl", maximumLineBytes: maximumLineBytes)
        let size = max(1, chunkSize ?? bytes.count)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            try bytes[start..<end].withUnsafeBufferPointer { try decoder.feed($0, into: &tally) }
            start = end
        }
        try decoder.finish(into: &tally)
        return FunnelReport(tally: tally)
    }

    static func report(_ text: String) throws -> FunnelReport { try report(Array(text.utf8)) }
}

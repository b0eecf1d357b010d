import Foundation
import OnboardDisk
import OnboardKit

extension Benchmarks {
    /// Reading a ledger near its size limit, as `has` and `status` do and as a running app does
    /// when another instance buys; beside it, Python's `json.loads` of every line, a floor for
    /// work that looks at each record.
    static let ledger = Benchmark(name: "ledger") { runLedger() }

    private static func runLedger() {
        let directory = NSTemporaryDirectory() + "tui-onboard-ledger-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = LedgerFile(directory: directory)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        guard let written = fillToTheLimit(store, from: start) else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: store.ledgerPath)[.size] as? Int) ?? 0
        print(
            "\(written) records, \(String(format: "%.1f", Double(size) / 1_048_576)) MiB "
                + "(the most tui-onboard writes: \(LedgerFile.writeLimit / 1_048_576) MiB); goal: under 1 s")
        ledgerTimed("read without the lock (has, status)") { try store.loadWithoutRepair().count }
        // What the readers then work out from it: every purchase's lifecycle, at its end.
        if let ledger = try? store.loadWithoutRepair() {
            let context = StoreContext(
                catalog: monthlyAndAnnual, ledger: ledger,
                now: start.addingTimeInterval(Double(written) * 60 + 86_400 * 400), calendar: utcCalendar)
            ledgerTimed("entitlements a year on (has, status: every lifecycle)") {
                EntitlementResolver.statuses(in: context).count * ledger.count
            }
            ledgerTimed("the paywall's snapshot (plan changes, offers too)") {
                _ = EntitlementSnapshot(context)
                return ledger.count
            }
        }
        ledgerTimed("load (a run's start, another instance's purchase)") { try store.load().count }
        printPythonPeer(ledgerPath: store.ledgerPath)
    }

    /// Fills `store` to the most tui-onboard writes, in batches, until the next one does not
    /// fit; the number of records, nil (said why) when it could not.
    private static func fillToTheLimit(_ store: LedgerFile, from start: Date) -> Int? {
        var written = 0
        var batchSize = 5_000
        while batchSize > 0 {
            let batch = (written..<(written + batchSize)).map { index in
                LedgerTransaction(
                    id: "T\(String(zeroPadded: index, width: 16))", productID: "com.example.pro.monthly",
                    purchaseDate: start.addingTimeInterval(Double(index) * 60),
                    expiresDate: start.addingTimeInterval(Double(index) * 60 + 2_592_000), offer: nil,
                    state: .purchased, willRenew: true)
            }
            do {
                try store.append(contentsOf: batch, wait: .patiently)
                written += batchSize
            } catch .full {
                batchSize /= 10
            } catch {
                print("could not build the ledger: \(error)")
                return nil
            }
        }
        return written
    }

    /// One row: `name`, the seconds `work` took and the records it counted.
    private static func ledgerTimed(_ name: String, _ work: () throws -> Int) {
        let clock = ContinuousClock()
        let started = clock.now
        let result = (try? work()).map(String.init) ?? "error"
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(
            "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%7.3f s", seconds))  \(result) records"
        )
    }

    /// The catalog the benchmark's ledger buys from: a monthly and an annual plan of one group.
    private static var monthlyAndAnnual: Catalog {
        let monthly = Product(
            id: "com.example.pro.monthly", type: .autoRenewable, price: 4.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), subscriptionGroup: "pro",
            subscriptionGroupLevel: 2, localizedTitle: "Monthly")
        let annual = Product(
            id: "com.example.pro.annual", type: .autoRenewable, price: 39.99, currencyCode: "USD",
            subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), subscriptionGroup: "pro",
            subscriptionGroupLevel: 1, localizedTitle: "Annual")
        return Catalog(
            offerings: [], currentOfferingID: "default", products: [monthly.id: monthly, annual.id: annual],
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: [monthly.id, annual.id])])
    }

    private static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// The peer: Python's `json.loads` of every line of the same ledger.
    private static func printPythonPeer(ledgerPath: String) {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import json,sys,time\nt=time.perf_counter()\nn=sum(1 for l in open(sys.argv[1],'rb') if json.loads(l))\n"
                + "print(f'{time.perf_counter()-t:.3f} {n}')",
            ledgerPath,
        ]
        let output = Pipe()
        python.standardOutput = output
        if (try? python.run()) != nil {
            python.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let parts = text.split(separator: " ")
            if parts.count == 2, let seconds = Double(parts[0]) {
                print(
                    "\("peer: python3 json.loads of every line".padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(format: "%7.3f s", seconds))  \(parts[1].trimmingCharacters(in: .whitespacesAndNewlines)) records"
                )
            }
        }
    }
}

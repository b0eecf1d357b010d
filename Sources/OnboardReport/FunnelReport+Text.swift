import FoundationEssentials
import FoundationInternationalization
import OnboardBase
import OnboardKit

extension FunnelReport {
    /// The report for a person: what was read, the funnel of every run, then a table per
    /// experiment with a column per variant. Ids from the files are made safe to print.
    public var text: String {
        var out = summary()
        out += "\n" + Self.table(header: ["All runs", ""], columns: [funnel], best: nil)
        for experiment in experiments {
            out +=
                "\n"
                + Self.table(
                    header: ["Experiment " + Self.safe(experiment.id)] + experiment.variants.map { Self.safe($0.id) },
                    columns: experiment.variants.map(\.funnel), best: experiment.variants.map(\.probabilityBest))
            out += Self.methodLine(experiment.method, variants: experiment.variants.count)
            if experiment.isTooSmallToTell {
                out +=
                    "  warning: too few to tell: each variant needs at least \(Self.minimumOutcomes) purchases and \(Self.minimumOutcomes) runs without one\n"
            }
        }
        return out
    }

    private func summary() -> String {
        var out = "\(funnel.runs) runs in \(lines) lines: \(badLines) bad, \(otherEvents) other events"
        if runsWithoutStart > 0 { out += ", \(runsWithoutStart) runs without their tourStarted (not counted)" }
        out += "\n"
        for bad in firstBadLines {
            out += "bad line \(SafeText.sanitize(bad.source)):\(bad.line): \(SafeText.sanitize(bad.reason))\n"
        }
        if badLines > firstBadLines.count { out += "… and \(badLines - firstBadLines.count) more bad lines\n" }
        return out
    }

    static func methodLine(_ method: BestVariantProbability.Method?, variants: Int) -> String {
        switch method {
        case .exact: return "  P(best): exact, each variant's conversion Beta(1+purchases, 1+runs without one)\n"
        case .simulation(let draws, let seed):
            return
                "  P(best): \(draws) simulated draws (seed \(seed)) of each variant's Beta(1+purchases, 1+runs without one)\n"
        case nil where variants < 2: return "  P(best): needs two variants with runs\n"
        case nil: return "  P(best): not simulated, the report's \(simulationBudget) simulated draws are spent\n"
        }
    }

    /// Rows of steps, a column of counts per funnel, each count with its share of the runs.
    static func table(header: [String], columns: [Funnel], best: [Double?]?) -> String {
        var rows: [[String]] = [header]
        func row(_ label: String, _ value: (Funnel) -> Int) {
            rows.append([label] + columns.map { "\(value($0)) " + share(value($0), of: $0.runs) })
        }
        row("runs") { $0.runs }
        for page in Set(columns.flatMap { $0.pages.map(\.index) }).sorted() {
            let id = columns.lazy.compactMap { $0.pages.first { $0.index == page }?.id }.first
            row("page \(page)" + (id.map { " (\(safe($0)))" } ?? "")) { $0.pages.first { $0.index == page }?.runs ?? 0 }
        }
        for question in Set(columns.flatMap { $0.questions.map(\.id) }).sorted() {
            row("answered \(safe(question))") { $0.questions.first { $0.id == question }?.runs ?? 0 }
        }
        row("paywall shown") { $0.paywall }
        row("exit offer shown") { $0.exitOffer }
        row("trials") { $0.trials }
        row("purchases") { $0.purchases }
        rows.append(["revenue"] + columns.map(revenueText))
        rows.append(["conversion, 95% interval"] + columns.map(conversionText))
        if let best { rows.append(["P(best)"] + best.map { $0.map(percent) ?? "-" }) }
        return layout(rows)
    }

    static func layout(_ rows: [[String]]) -> String {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                line += column == 0 ? "  " + cell + pad : "  " + pad + cell
            }
            return line.trimmingTrailingSpaces() + "\n"
        }.joined()
    }

    static func share(_ count: Int, of runs: Int) -> String {
        runs > 0 ? "(" + percent(Double(count) / Double(runs)) + ")" : ""
    }

    static func revenueText(_ funnel: Funnel) -> String {
        guard !funnel.revenue.isEmpty else { return "0" }
        let formatter = PriceFormatter(locale: reportLocale)
        return funnel.revenue.map { formatter.string(for: $0.amount, currencyCode: $0.currency) }
            .joined(separator: " + ")
    }

    static func conversionText(_ funnel: Funnel) -> String {
        guard let conversion = funnel.conversion else { return "-" }
        return percent(conversion.rate) + " (" + percent(conversion.interval.low) + "–"
            + percent(conversion.interval.high) + ")"
    }

    /// The report speaks English, as the other commands a host reads do.
    static let reportLocale = Locale(identifier: "en_US")

    static func percent(_ value: Double) -> String {
        value.formatted(.percent.precision(.fractionLength(1)).locale(reportLocale))
    }

    static func safe(_ text: String) -> String { SafeText.excerpt(text, limit: 32) }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

import FoundationEssentials
import OnboardBase

extension FunnelReport {
    /// The version of `--json`'s shape (docs/events.md, "report --json"): members may be added
    /// in the same version; none changes meaning or goes away without a new one.
    public static let jsonVersion = 1

    /// `report --json`: one JSON object, then a newline.
    public var json: String {
        let bad = firstBadLines.map {
            "{\"file\":\(quoted($0.source)),\"line\":\($0.line),\"reason\":\(quoted($0.reason))}"
        }
        let members = [
            "\"version\":\(Self.jsonVersion)", "\"lines\":\(lines)", "\"badLines\":\(badLines)",
            "\"firstBadLines\":[\(bad.joined(separator: ","))]", "\"otherEvents\":\(otherEvents)",
            "\"runsWithoutStart\":\(runsWithoutStart)", "\"minimumOutcomes\":\(Self.minimumOutcomes)",
            "\"funnel\":\(Self.json(funnel))",
            "\"experiments\":[\(experiments.map(Self.json).joined(separator: ","))]",
        ]
        return "{" + members.joined(separator: ",") + "}\n"
    }

    static func json(_ experiment: Experiment) -> String {
        var method = "null"
        var draws = "null"
        var seed = "null"
        switch experiment.method {
        case .exact: method = "\"exact\""
        case .simulation(let count, let value):
            (method, draws, seed) = ("\"simulation\"", String(count), String(value))
        case nil: break
        }
        let variants = experiment.variants.map {
            "{\"id\":\(quoted($0.id)),\"probabilityBest\":\(number($0.probabilityBest)),\"funnel\":\(json($0.funnel))}"
        }
        return "{\"id\":\(quoted(experiment.id)),\"method\":\(method),\"draws\":\(draws),\"seed\":\(seed),"
            + "\"tooSmallToTell\":\(experiment.isTooSmallToTell),\"variants\":[\(variants.joined(separator: ","))]}"
    }

    static func json(_ funnel: Funnel) -> String {
        let pages = funnel.pages.map {
            "{\"index\":\($0.index),\"id\":\($0.id.map(quoted) ?? "null"),\"runs\":\($0.runs)}"
        }
        let questions = funnel.questions.map { "{\"id\":\(quoted($0.id)),\"runs\":\($0.runs)}" }
        let revenue = funnel.revenue.map {
            "{\"currency\":\(quoted($0.currency)),\"amount\":\(quoted($0.amount.description))}"
        }
        let conversion = funnel.conversion.map {
            "{\"rate\":\(number($0.rate)),\"low\":\(number($0.interval.low)),\"high\":\(number($0.interval.high))}"
        }
        return "{\"runs\":\(funnel.runs),\"pages\":[\(pages.joined(separator: ","))],"
            + "\"questions\":[\(questions.joined(separator: ","))],\"paywall\":\(funnel.paywall),"
            + "\"exitOffer\":\(funnel.exitOffer),\"trials\":\(funnel.trials),\"purchases\":\(funnel.purchases),"
            + "\"revenue\":[\(revenue.joined(separator: ","))],\"conversion\":\(conversion ?? "null")}"
    }

    /// A finite number as JSON writes it (the shortest text that reads back the same), else null.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return value.description
    }
}

private func quoted(_ text: String) -> String { JSONString.quoted(text) }

import Testing

@testable import OnboardKit

/// GrowthBook's hash (version 2) and the mapping of its buckets onto a holdout and weights.
@Suite struct ExperimentAssignmentTests {
    static let even = Experiment(
        id: "paywall-title", seed: "2026-12",
        variants: [.init(id: "a", weight: 50), .init(id: "b", weight: 50)], holdout: 10)

    /// 32 hex digits from a seeded generator: install ids as the system's generator makes them.
    static func installIDs(_ count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            (0..<16).map { _ in String(zeroPadded: UInt8.random(in: 0...255, using: &generator), radix: 16, width: 2) }
                .joined()
        }
    }

    @Test("FNV-1a 32 gives the reference values of its authors' test suite")
    func fnvReferenceValues() {
        // http://www.isthe.com/chongo/src/fnv/test_fnv.c: "" and "a" and "foobar" for FNV-1a 32.
        #expect(ExperimentHash.fnv32a("") == 0x811C_9DC5)
        #expect(ExperimentHash.fnv32a("a") == 0xE40C_292C)
        #expect(ExperimentHash.fnv32a("foobar") == 0xBF9C_F968)
    }

    /// GrowthBook's SDK test cases (growthbook/growthbook, packages/sdk-js/test/cases.json,
    /// "Support holdout groups"): with `hashVersion: 2` and no seed, the experiment's key is the
    /// seed and the user id "1" falls at 0.4413 in "experiment" and 0.8043 in "holdout".
    @Test("the hash matches GrowthBook's own test vectors", arguments: [("experiment", 4413), ("holdout", 8043)])
    func growthBookVectors(seed: String, bucket: Int) {
        #expect(ExperimentHash.bucket(seed: seed, id: "1") == bucket)
    }

    @Test(
        "over 100,000 install ids each variant and the holdout take their share within 1%",
        arguments: [
            Experiment(id: "x", variants: [.init(id: "a", weight: 50), .init(id: "b", weight: 50)], holdout: 10),
            Experiment(
                id: "y", seed: "s",
                variants: [.init(id: "a", weight: 20), .init(id: "b", weight: 30), .init(id: "c", weight: 50)]),
            Experiment(
                id: "z", variants: [.init(id: "a", weight: 1), .init(id: "off", weight: 0), .init(id: "b", weight: 3)],
                holdout: 25),
        ])
    func splitFollowsTheWeights(experiment: Experiment) {
        let ids = Self.installIDs(100_000, seed: 42)
        var counts: [String: Int] = [:]
        for id in ids {
            counts[ExperimentAssignment.variant(of: experiment, installID: id) ?? "(holdout)", default: 0] += 1
        }
        let total = experiment.variants.reduce(0) { $0 + $1.weight }
        var expected = ["(holdout)": experiment.holdout / 100]
        for variant in experiment.variants {
            expected[variant.id] = (1 - experiment.holdout / 100) * variant.weight / total
        }
        for (name, share) in expected {
            let measured = Double(counts[name] ?? 0) / Double(ids.count)
            #expect(abs(measured - share) < 0.01, "\(name): \(measured) against \(share)")
        }
        #expect(counts["off"] == nil)
    }

    @Test("the same install id always gets the same variant, and the seed reshuffles")
    func sameIDSameVariant() {
        let ids = Self.installIDs(1000, seed: 7)
        let first = ids.map { ExperimentAssignment.variant(of: Self.even, installID: $0) }
        #expect(ids.map { ExperimentAssignment.variant(of: Self.even, installID: $0) } == first)
        var reseeded = Self.even
        reseeded.seed = "2027-01"
        let moved = zip(ids, first).filter { ExperimentAssignment.variant(of: reseeded, installID: $0) != $1 }
        #expect(moved.count > 300, "a new seed moved only \(moved.count) of 1000")
    }

    @Test("the holdout is the buckets below its share; 0 holds no one out, 100 everyone", arguments: [0.0, 10, 100])
    func holdout(percent: Double) {
        var experiment = Self.even
        experiment.holdout = percent
        let held = (0..<ExperimentHash.bucketCount).filter {
            ExperimentAssignment.variant(of: experiment, bucket: $0) == nil
        }
        #expect(held == Array(0..<Int(percent * 100)))
    }

    @Test("a forced variant wins over a kept one, and a kept one over the hash")
    func forcedThenKeptThenHash() {
        let id = Self.installIDs(1, seed: 1)[0]
        let hashed = ExperimentAssignment.assignments(for: [Self.even], installID: id)
        let other = hashed["paywall-title"] == "a" ? "b" : "a"
        #expect(
            ExperimentAssignment.assignments(for: [Self.even], installID: id, stored: ["paywall-title": other])
                == ["paywall-title": other])
        #expect(
            ExperimentAssignment.assignments(
                for: [Self.even], installID: id, stored: ["paywall-title": other], forced: ["paywall-title": "a"])
                == ["paywall-title": "a"])
    }

    @Test("weights changed after assignment move no one who was kept; a removed variant is assigned again")
    func keptAssignmentsSurviveNewWeights() {
        let ids = Self.installIDs(2000, seed: 3)
        let kept = ids.map { ExperimentAssignment.assignments(for: [Self.even], installID: $0) }
        var reweighted = Self.even
        reweighted.variants = [.init(id: "a", weight: 5), .init(id: "b", weight: 95)]
        for (id, stored) in zip(ids, kept) {
            #expect(ExperimentAssignment.assignments(for: [reweighted], installID: id, stored: stored) == stored)
        }
        let unkept = zip(ids, kept).filter {
            ExperimentAssignment.assignments(for: [reweighted], installID: $0.0) != $0.1
        }
        #expect(unkept.count > 500, "the new weights should move many who were not kept")
        var retired = Self.even
        retired.variants = [.init(id: "b", weight: 1)]
        #expect(
            ExperimentAssignment.assignments(for: [retired], installID: "1", stored: ["paywall-title": "a"])[
                "paywall-title"]
                != "a")
    }
}

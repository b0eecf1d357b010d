import Testing

@Suite struct SnapshotDiffTests {
    @Test func onlyTheLinesThatDifferAreShownWithTheirNumbers() {
        let expected = "+---+\n|abc|\n|def|\n+---+"
        let actual = "+---+\n|abc|\n|dxf|\n+---+"
        #expect(
            SnapshotDiff.describe(expected: expected, actual: actual)
                == "line 3:\n  expected: |def|\n  actual:   |dxf|")
    }

    @Test func linesMissingOnEitherSideAreNamed() {
        #expect(
            SnapshotDiff.describe(expected: "a\nb", actual: "a")
                == "line 2:\n  expected: b\n  actual:   (no line)")
        #expect(
            SnapshotDiff.describe(expected: "a", actual: "a\nc")
                == "line 2:\n  expected: (no line)\n  actual:   c")
    }

    @Test func equalTextHasNoDifferences() {
        #expect(SnapshotDiff.describe(expected: "a\nb", actual: "a\nb").isEmpty)
    }
}

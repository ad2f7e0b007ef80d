import Testing

@testable import ReSwiftDiff

@Suite struct EnumDiffTests {
    @Test func differentCasesAreReportedWhole() {
        let differences = StateDiff.differences(Phase.idle, Phase.playing(score: 1, lives: 3))
        #expect(
            differences == [StateDifference(path: "", before: ".idle", after: ".playing(score: 1, lives: 3)")]
        )
    }

    @Test func sameCaseComparesAssociatedValuesByLabel() {
        let differences = StateDiff.differences(
            Labeled(value: Phase.playing(score: 1, lives: 3)),
            Labeled(value: Phase.playing(score: 2, lives: 3))
        )
        #expect(differences == [StateDifference(path: "value.playing.score", before: "1", after: "2")])
    }

    @Test func singleUnlabeledAssociatedValueReadsAsTheCase() {
        let differences = StateDiff.differences(
            Phase.finished(Game(misses: 1)),
            Phase.finished(Game(misses: 4))
        )
        #expect(differences == [StateDifference(path: "finished.misses", before: "1", after: "4")])
    }

    @Test func singleLabeledAssociatedValueUsesItsLabel() {
        let differences = StateDiff.differences(Counter.counting(count: 1), Counter.counting(count: 2))
        #expect(differences == [StateDifference(path: "counting.count", before: "1", after: "2")])
        #expect(StateDiff.describe(Counter.counting(count: 1)) == ".counting(count: 1)")
    }

    @Test func unlabeledAssociatedValuesUseTheirPosition() {
        let differences = StateDiff.differences(Phase.failed("a", code: 1), Phase.failed("b", code: 2))
        #expect(
            differences == [
                StateDifference(path: "failed.0", before: "\"a\"", after: "\"b\""),
                StateDifference(path: "failed.code", before: "1", after: "2"),
            ]
        )
    }

    @Test func caseOfSelfDescribingEnumUsesItsDescription() {
        #expect(StateDiff.describe(Mood.happy) == "😀")
        #expect(StateDiff.describe(Phase.idle) == ".idle")
    }
}

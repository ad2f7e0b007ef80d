import Foundation
import Testing

@testable import ReSwiftDiff

@Suite struct StructDiffTests {
    @Test func equalValuesHaveNoDifferences() {
        let state = AppState(game: Game(cards: [Card(symbol: "🐙")], misses: 2), title: "x")
        #expect(StateDiff.differences(state, state).isEmpty)
    }

    @Test func changedPropertyIsReportedWithItsPath() {
        var after = AppState()
        after.game.misses = 3
        #expect(
            StateDiff.differences(AppState(), after) == [
                StateDifference(path: "game.misses", before: "0", after: "3")
            ]
        )
    }

    @Test func severalChangesComeInDeclarationOrder() {
        let before = AppState(game: Game(misses: 1), title: "a")
        let after = AppState(game: Game(misses: 2), title: "b")
        #expect(StateDiff.differences(before, after).map(\.path) == ["game.misses", "title"])
    }

    @Test func stringsAreQuotedAndEscaped() {
        let differences = StateDiff.differences(Labeled(value: "a"), Labeled(value: "say \"hi\"\n"))
        #expect(differences == [StateDifference(path: "value", before: "\"a\"", after: #""say \"hi\"\n""#)])
    }

    @Test func changedRootLeafHasEmptyPath() {
        #expect(StateDiff.differences(1, 2) == [StateDifference(path: "", before: "1", after: "2")])
    }

    @Test func optionalChangesShowNil() {
        var after = Game()
        after.bestScore = 12
        #expect(
            StateDiff.differences(Game(), after) == [
                StateDifference(path: "bestScore", before: "nil", after: "12")
            ])
        #expect(
            StateDiff.differences(after, Game()) == [
                StateDifference(path: "bestScore", before: "12", after: "nil")
            ])
    }

    @Test func optionalsAreComparedThroughTheirWrappedValue() {
        let before: Game? = Game(misses: 1)
        let after: Game? = Game(misses: 2)
        #expect(
            StateDiff.differences(before, after) == [StateDifference(path: "misses", before: "1", after: "2")]
        )
    }

    @Test func tuplesAreComparedByElement() {
        let differences = StateDiff.differences((1, name: "a"), (2, name: "a"))
        #expect(differences == [StateDifference(path: "0", before: "1", after: "2")])
    }

    @Test func foundationValuesAreLeaves() {
        let before = Labeled(value: URL(string: "https://example.com/a")!)
        let after = Labeled(value: URL(string: "https://example.com/b")!)
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(
                    path: "value", before: "https://example.com/a", after: "https://example.com/b")
            ]
        )
        let date = Labeled(value: Date(timeIntervalSince1970: 0))
        #expect(StateDiff.differences(date, date).isEmpty)
        #expect(StateDiff.differences(date, Labeled(value: Date(timeIntervalSince1970: 60))).count == 1)
    }

    @Test func valuesOfDifferentTypesInAnExistentialAreComparedWhole() {
        let before = Labeled<Any>(value: 1)
        let after = Labeled<Any>(value: "1")
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(path: "value", before: "1", after: "\"1\"")
            ])
    }

    @Test func typesThatHideTheirStorageShowTheirDescription() {
        struct Money: CustomStringConvertible {
            var _cents: Int
            var description: String { "$\(_cents / 100).\(String(format: "%02d", _cents % 100))" }
        }
        #expect(StateDiff.describe(Money(_cents: 1050)) == "$10.50")
        #expect(
            StateDiff.differences(Labeled(value: Money(_cents: 100)), Labeled(value: Money(_cents: 250))) == [
                StateDifference(path: "value", before: "$1.00", after: "$2.50")
            ]
        )
    }

    @Test func structsWithoutPropertiesReadLikeTheirInitializer() {
        struct Empty {}
        #expect(StateDiff.describe(Empty()) == "Empty()")
        #expect(StateDiff.describe((1, name: "a")) == "(1, name: \"a\")")
        #expect(StateDiff.describe(Optional<Int>.none) == "nil")
    }
}

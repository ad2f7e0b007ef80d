import Testing

@testable import ReSwiftDiff

@Suite struct CollectionDiffTests {
    @Test func arraysAreComparedByIndex() {
        let before = Game(cards: [Card(symbol: "a"), Card(symbol: "b")])
        var after = before
        after.cards[1].isFaceUp = true
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(path: "cards[1].isFaceUp", before: "false", after: "true")
            ]
        )
    }

    @Test func addedArrayElementsHaveNoBefore() {
        let differences = StateDiff.differences([1], [1, 2, 3])
        #expect(
            differences == [
                StateDifference(path: "[1]", before: nil, after: "2"),
                StateDifference(path: "[2]", before: nil, after: "3"),
            ]
        )
        #expect(differences.map(\.kind) == [.added, .added])
    }

    @Test func removedArrayElementsHaveNoAfter() {
        let differences = StateDiff.differences(
            Game(cards: [Card(symbol: "a"), Card(symbol: "b")]),
            Game(cards: [Card(symbol: "a")])
        )
        #expect(
            differences == [
                StateDifference(path: "cards[1]", before: "Card(symbol: \"b\", isFaceUp: false)", after: nil)
            ]
        )
        #expect(differences.first?.kind == .removed)
    }

    @Test func dictionariesAreComparedByKeyInKeyOrder() {
        let before = ["ann": 1, "bob": 2, "cid": 3]
        let after = ["ann": 1, "bob": 5, "dee": 4]
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(path: "[\"bob\"]", before: "2", after: "5"),
                StateDifference(path: "[\"cid\"]", before: "3", after: nil),
                StateDifference(path: "[\"dee\"]", before: nil, after: "4"),
            ]
        )
    }

    @Test func numericKeysAreOrderedByValue() {
        let before: [Int: String] = [:]
        let after: [Int: String] = [10: "ten", 2: "two", 1: "one"]
        #expect(StateDiff.differences(before, after).map(\.path) == ["[1]", "[2]", "[10]"])
    }

    @Test func dictionaryOrderIsStableAcrossRuns() {
        let keys = (0..<50).map { "key\($0)" }
        let before = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        let after = Dictionary(uniqueKeysWithValues: keys.map { ($0, 1) })
        let paths = StateDiff.differences(before, after).map(\.path)
        #expect(paths == keys.sorted().map { "[\"\($0)\"]" })
    }

    @Test func nestedDictionaryValuesAreCompared() {
        let before = Labeled(value: ["a": Card(symbol: "x")])
        let after = Labeled(value: ["a": Card(symbol: "y")])
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(path: "value[\"a\"].symbol", before: "\"x\"", after: "\"y\"")
            ]
        )
    }

    @Test func setsReportAddedAndRemovedElements() {
        let before = Labeled(value: Set(["red", "green"]))
        let after = Labeled(value: Set(["green", "blue"]))
        #expect(
            StateDiff.differences(before, after) == [
                StateDifference(path: "value", before: nil, after: "\"blue\""),
                StateDifference(path: "value", before: "\"red\"", after: nil),
            ]
        )
        #expect(StateDiff.differences(before, before).isEmpty)
    }

    @Test func collectionsRenderSorted() {
        #expect(StateDiff.describe([3: "c", 1: "a"]) == "[1: \"a\", 3: \"c\"]")
        #expect(StateDiff.describe(Set([3, 1, 2])) == "Set([1, 2, 3])")
        #expect(StateDiff.describe([Int: Int]()) == "[:]")
        #expect(StateDiff.describe([Card(symbol: "a")]) == "[Card(symbol: \"a\", isFaceUp: false)]")
    }
}

import Testing

@testable import ReSwiftDiff

@Suite struct ClassDiffTests {
    @Test func objectsAreComparedByProperty() {
        let differences = StateDiff.differences(Node(name: "a"), Node(name: "b"))
        #expect(differences == [StateDifference(path: "name", before: "\"a\"", after: "\"b\"")])
    }

    @Test func inheritedPropertiesAreCompared() {
        let differences = StateDiff.differences(Dog(name: "rex", legs: 4), Dog(name: "rex", legs: 3))
        #expect(differences == [StateDifference(path: "legs", before: "4", after: "3")])
        #expect(StateDiff.describe(Dog(name: "rex", legs: 4)) == "Dog(legs: 4, name: \"rex\")")
    }

    @Test func referenceCyclesAreNotFollowedForever() {
        let first = Node(name: "a")
        first.next = first
        let second = Node(name: "a")
        second.next = second
        #expect(StateDiff.differences(first, second).isEmpty)

        let third = Node(name: "b")
        third.next = third
        #expect(
            StateDiff.differences(first, third) == [
                StateDifference(path: "name", before: "\"a\"", after: "\"b\"")
            ])
        #expect(StateDiff.describe(first) == "Node(name: \"a\", next: Node(…))")
    }

    @Test func sameObjectHasNoDifferences() {
        let node = Node(name: "a", next: Node(name: "b"))
        #expect(StateDiff.differences(node, node).isEmpty)
    }
}

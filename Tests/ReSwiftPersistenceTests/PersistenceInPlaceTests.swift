import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftPersistence

private struct ListAndTags {
    var list: CopyCountingList
    var tags: [String] = []
}

private struct ToggleItem: Action { var index: Int }
private struct AddTag: Action { var tag: String }

private func reduceListAndTags(_ action: Action, _ state: inout ListAndTags) {
    switch action {
    case let toggle as ToggleItem: state.list.toggle(toggle.index)
    case let add as AddTag: state.tags.append(add.tag)
    default: break
    }
}

/// A persister keeps the slice it persists until it is written, and nothing else: changing the
/// rest of an in-place store's state copies nothing (issue 20).
@Suite struct PersistenceInPlaceTests {
    @Test func persistingOneSliceCopiesNothingWhenTheRestChanges() throws {
        let directory = try TemporaryDirectory()
        let copies = CopyCounter()
        let clock = ManualClock()
        let file = PersistedFile<[String]>(url: directory.file("tags.json"), whenUnusable: .refuse)
        let store = Store(
            reducer: reduceListAndTags,
            state: ListAndTags(list: CopyCountingList(count: 1000, copies: copies)))
        let persister = StatePersister(
            store: store, file: file, select: \.tags, quietPeriod: 200_000_000, flushesOnExit: false,
            merge: nil, clock: clock, write: nil)

        store.dispatch(AddTag(tag: "swift"))
        for index in 0..<50 { store.dispatch(ToggleItem(index: index)) }
        clock.advance(milliseconds: 200)
        store.dispatch(AddTag(tag: "redux"))
        for index in 0..<50 { store.dispatch(ToggleItem(index: index)) }
        persister.flush()

        #expect(copies.current == 0)
        #expect(try file.load() == ["swift", "redux"])
    }
}

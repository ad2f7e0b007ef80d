// fuzz-modules: ReSwiftDevTools
//
// ReSwiftDevTools reads a recorded session (JSON Lines: a header, then one action per line) with
// RecordedSession(data:registry:). Session files are shared in bug reports and may be cut short
// by a crash, edited by hand, or written by a newer version: any bytes must load or be refused
// with a SessionError, and whatever loads must replay and report its skipped lines.

import Foundation
import ReSwift
import ReSwiftDevTools

private struct AddItem: Action, Codable, Equatable {
    var title: String
    var tags: [String]?
}

private struct MoveItem: Action, Codable, Equatable {
    var from: Int
    var to: Int
}

private enum Filter: String, Codable {
    case all, open, done
}

private struct SetFilter: Action, Codable, Equatable {
    var filter: Filter
    var since: Date?
}

/// Counts rather than lists, so that replaying a long session costs linear time.
private struct FuzzState: Codable, Equatable {
    var added = 0
    var moves = 0
    var filter: Filter = .all
}

private func fuzzReducer(action: Action, state: FuzzState?) -> FuzzState {
    var state = state ?? FuzzState()
    switch action {
    case is AddItem:
        state.added += 1
    case let move as MoveItem:
        if move.from != move.to { state.moves += 1 }
    case let set as SetFilter:
        state.filter = set.filter
    default:
        break
    }
    return state
}

private let registry: ActionRegistry = {
    var registry = ActionRegistry(AddItem.self, MoveItem.self)
    registry.register(SetFilter.self, as: "Filter.set")
    return registry
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let session: RecordedSession
    do {
        session = try RecordedSession(data: bytes, registry: registry)
    } catch {
        _ = String(describing: error)
        return 0
    }
    _ = session.skipped.map(\.description)
    _ = session.startDate.timeIntervalSince1970
    let initial = try? session.initialState(as: FuzzState.self)
    let store = session.replayedStore(reducer: fuzzReducer, state: initial)
    let added = session.actions.filter { $0 is AddItem }.count
    precondition(
        store.state.added == (initial?.added ?? 0) + added,
        "replaying dispatches each loaded action once")
    return 0
}

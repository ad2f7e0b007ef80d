// The app the tests inspect in process. This file is also compiled on its own, as a module
// named InspectTests, to type-check the tests `reswift-inspect gen-test` writes: keep it to
// Foundation and ReSwift.
import Foundation
import ReSwift

struct ShoppingState: Equatable, Codable {
    var items: [String] = []
    var note: String?
}

struct AddItem: Action, Codable, Equatable {
    var name: String
}

struct SetNote: Action, Codable, Equatable {
    var note: String
}

/// Not Codable: sessions with it can't become tests.
struct Ping: Action {}

func shoppingReducer(action: Action, state: ShoppingState?) -> ShoppingState {
    var state = state ?? ShoppingState()
    switch action {
    case let add as AddItem:
        state.items.append(add.name)
    case let note as SetNote:
        state.note = note.note
    default:
        break
    }
    return state
}

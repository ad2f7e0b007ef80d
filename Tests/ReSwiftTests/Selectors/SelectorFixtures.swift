import ReSwift

// The state the selector tests derive values from.

struct Item: Equatable, Sendable {
    var id: Int
    var name: String
    var isDone = false
}

/// An object in the state, compared by identity.
final class Palette: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

struct ItemsState: Sendable {
    var items: [Item] = []
    var query = ""
    /// A field no selector reads.
    var clock = 0
    var palette = Palette(name: "light")
}

enum ItemAction: Action {
    case add(String)
    case toggle(Int)
    case setQuery(String)
    case tick
    /// Replaces the items with an equal array in new storage.
    case copyItems
    case setPalette(Palette)
}

func itemsReducer(action: Action, state: ItemsState?) -> ItemsState {
    var state = state ?? ItemsState()
    switch action as? ItemAction {
    case .add(let name)?: state.items.append(Item(id: state.items.count, name: name))
    case .toggle(let id)?: state.items[id].isDone.toggle()
    case .setQuery(let query)?: state.query = query
    case .tick?: state.clock += 1
    case .copyItems?: state.items = state.items.map { $0 }
    case .setPalette(let palette)?: state.palette = palette
    case nil: break
    }
    return state
}

func makeItemsStore(names: [String] = ["b", "a", "c"], automaticallySkipsRepeats: Bool = true) -> Store<
    ItemsState
> {
    var state = ItemsState()
    state.items = names.enumerated().map { Item(id: $0.offset, name: $0.element) }
    return Store(reducer: itemsReducer, state: state, automaticallySkipsRepeats: automaticallySkipsRepeats)
}

/// The open items whose names contain the query, sorted by name.
@Sendable func openMatches(_ items: [Item], _ query: String) -> [String] {
    items.filter { !$0.isDone && (query.isEmpty || $0.name.contains(query)) }.map(\.name).sorted()
}

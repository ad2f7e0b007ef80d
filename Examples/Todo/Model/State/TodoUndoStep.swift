/// What ``UndoTodoChange`` does to take back one change: the change's inverse, not a copy of the
/// list, so the history costs a few bytes per step whatever the list's length.
///
/// A step is applied in three stages: items with an id in ``removedIDs`` are taken out, items in
/// ``restored`` get their title and done state back, and the items in ``reinserted`` are put back
/// at their positions, lowest position first. Every change the reducer makes (and any change that
/// keeps the surviving items in their order) has such an inverse:
///
/// | change        | its undo step                                   |
/// |---------------|-------------------------------------------------|
/// | add           | remove the new item's id                        |
/// | edit, toggle  | restore the item's previous title and done state |
/// | remove        | reinsert the item at its position               |
/// | clear done    | reinsert every cleared item at its position     |
///
/// Applying a step never breaks the list's rules: an item is reinserted only if neither its id nor
/// its title is on the list, and a title is restored only if no other item has it. So an undo
/// applied after another process changed the list takes back this change and keeps the other's.
public struct TodoUndoStep: Codable, Equatable, Sendable {
    /// An item to put back, with its position in the list it was taken from.
    public struct Reinsertion: Codable, Equatable, Sendable {
        /// The item's index in ``TodoState/items`` before the change.
        public var index: Int
        /// The item as it was.
        public var item: TodoItem

        /// Creates a reinsertion.
        public init(index: Int, item: TodoItem) {
            self.index = index
            self.item = item
        }
    }

    /// Ids of items the change added, to take out again.
    public var removedIDs: [Int]
    /// Items the change altered, as they were before (matched by id).
    public var restored: [TodoItem]
    /// Items the change removed, with their positions, in increasing order of position.
    public var reinserted: [Reinsertion]

    /// Creates a step.
    public init(removedIDs: [Int] = [], restored: [TodoItem] = [], reinserted: [Reinsertion] = []) {
        self.removedIDs = removedIDs
        self.restored = restored
        self.reinserted = reinserted.sorted { $0.index < $1.index }
    }

    /// Whether applying the step would do nothing.
    var isEmpty: Bool { removedIDs.isEmpty && restored.isEmpty && reinserted.isEmpty }

    /// Every id the step names.
    var ids: [Int] { removedIDs + restored.map(\.id) + reinserted.map(\.item.id) }

    /// Takes the change back on `items`.
    func apply(to items: inout [TodoItem]) {
        for id in removedIDs {
            if let index = items.firstIndex(where: { $0.id == id }) { items.remove(at: index) }
        }
        for old in restored {
            guard let index = items.firstIndex(where: { $0.id == old.id }) else { continue }
            if items.contains(where: { $0.id != old.id && $0.title == old.title }) { continue }
            items[index].title = old.title
            items[index].isDone = old.isDone
        }
        guard !reinserted.isEmpty else { return }
        // One merge pass: the same result as inserting each item at its index in turn (at the
        // end when the list is shorter), without moving the list once per item.
        var ids = Set(items.map(\.id))
        var titles = Set(items.map(\.title))
        let welcome = reinserted.filter { reinsertion in
            guard !ids.contains(reinsertion.item.id), !titles.contains(reinsertion.item.title) else {
                return false
            }
            ids.insert(reinsertion.item.id)
            titles.insert(reinsertion.item.title)
            return true
        }
        var merged: [TodoItem] = []
        merged.reserveCapacity(items.count + welcome.count)
        var next = welcome[...]
        for item in items {
            while let reinsertion = next.first, reinsertion.index <= merged.count {
                merged.append(reinsertion.item)
                next = next.dropFirst()
            }
            merged.append(item)
        }
        merged.append(contentsOf: next.map(\.item))
        items = merged
    }

    /// The step that turns `after` back into `before`, or `nil` when there is none: when an id
    /// occurs twice in either list, or the items both lists hold are in a different order.
    ///
    /// Used to turn the full copies older files kept into steps.
    ///
    /// - Complexity: O(*n*) in the lengths of the lists.
    static func undoing(from after: [TodoItem], to before: [TodoItem]) -> TodoUndoStep? {
        guard let beforeByID = uniqueIndex(before), let afterByID = uniqueIndex(after) else { return nil }
        let keptInAfter = after.filter { beforeByID[$0.id] != nil }.map(\.id)
        let keptInBefore = before.filter { afterByID[$0.id] != nil }.map(\.id)
        guard keptInAfter == keptInBefore else { return nil }
        var step = TodoUndoStep()
        step.removedIDs = after.filter { beforeByID[$0.id] == nil }.map(\.id)
        step.restored = before.filter { old in afterByID[old.id].map { after[$0] != old } ?? false }
        step.reinserted = before.indices.filter { afterByID[before[$0].id] == nil }.map {
            Reinsertion(index: $0, item: before[$0])
        }
        return step
    }

    private static func uniqueIndex(_ items: [TodoItem]) -> [Int: Int]? {
        var index: [Int: Int] = [:]
        index.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            guard index.updateValue(position, forKey: item.id) == nil else { return nil }
        }
        return index
    }

    // The file stores only the parts a step uses: an add's step is `{"removedIDs":[7]}`.
    private enum CodingKeys: String, CodingKey {
        case removedIDs, restored, reinserted
    }

    /// Decodes a step; missing parts are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            removedIDs: try container.decodeIfPresent([Int].self, forKey: .removedIDs) ?? [],
            restored: try container.decodeIfPresent([TodoItem].self, forKey: .restored) ?? [],
            reinserted: try container.decodeIfPresent([Reinsertion].self, forKey: .reinserted) ?? [])
    }

    /// Encodes the parts that aren't empty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !removedIDs.isEmpty { try container.encode(removedIDs, forKey: .removedIDs) }
        if !restored.isEmpty { try container.encode(restored, forKey: .restored) }
        if !reinserted.isEmpty { try container.encode(reinserted, forKey: .reinserted) }
    }
}

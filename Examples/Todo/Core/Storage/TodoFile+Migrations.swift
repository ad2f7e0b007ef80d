import ReSwiftPersistence

extension TodoFile {
    /// The steps that bring older files up to ``schemaVersion``.
    static let migrations = [
        // Version 1 kept a full copy of the list for each undoable change (50 copies of a long
        // list made files of megabytes); version 2 keeps each change's inverse.
        Migration(from: 1, decoding: TodoStateVersion1.self) { $0.migrated() }
    ]
}

/// The list as schema version 1 stored it: the undo history held earlier copies of the items.
struct TodoStateVersion1: Decodable, Sendable {
    var items: [TodoItem]
    var nextID: Int
    /// Earlier versions of `items`, oldest first.
    var undoHistory: [[TodoItem]]

    /// The same list in version 2's form, the history turned into undo steps that restore the
    /// same copies, newest first.
    ///
    /// A copy that no undo step can produce (its ids repeat, or its items are in another order
    /// than the next copy's) ends the conversion: it and the copies older than it are dropped.
    /// The reducer never made such copies; only a file changed by hand has them.
    func migrated() -> TodoState {
        var steps: [TodoUndoStep] = []
        var current = items
        for earlier in undoHistory.reversed().prefix(TodoState.undoLimit) {
            guard let step = TodoUndoStep.undoing(from: current, to: earlier) else { break }
            steps.append(step)
            current = earlier
        }
        return TodoState(items: items, nextID: nextID, undoHistory: steps.reversed())
    }
}

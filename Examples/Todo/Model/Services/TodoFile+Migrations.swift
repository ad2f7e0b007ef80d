import ReSwiftPersistence

extension TodoFile {
    /// The steps that bring older files up to ``schemaVersion``.
    static let migrations = [
        // Version 1 kept a full copy of the list for each undoable change (50 copies of a long
        // list made files of megabytes); version 2 keeps each change's inverse. The step works on
        // the JSON directly (items and next id are kept as they are; only the history is
        // rewritten), as encoding and decoding a file of 50 copies again would cost seconds.
        Migration(from: 1) { json in
            let old = try TodoStateVersion1(json: json)
            json["undoHistory"] = .array(old.migrated().undoHistory.map(\.json))
        }
    ]
}

/// The list as schema version 1 stored it: the undo history held earlier copies of the items.
struct TodoStateVersion1: Sendable {
    var items: [TodoItem]
    var nextID: Int
    /// Earlier versions of `items`, oldest first.
    var undoHistory: [[TodoItem]]

    /// Reads version 1's JSON.
    ///
    /// - Throws: ``Malformed`` naming the first member that isn't what version 1 wrote.
    init(json: JSONValue) throws(Malformed) {
        guard let items = json["items"]?.arrayValue else { throw Malformed("items") }
        guard let nextID = json["nextID"]?.intValue else { throw Malformed("nextID") }
        guard let history = json["undoHistory"]?.arrayValue else { throw Malformed("undoHistory") }
        self.items = try Self.items(items, at: "items")
        self.nextID = nextID
        undoHistory = try history.enumerated().map { (index, copy) throws(Malformed) in
            guard let copy = copy.arrayValue else { throw Malformed("undoHistory[\(index)]") }
            return try Self.items(copy, at: "undoHistory[\(index)]")
        }
    }

    init(items: [TodoItem], nextID: Int, undoHistory: [[TodoItem]]) {
        self.items = items
        self.nextID = nextID
        self.undoHistory = undoHistory
    }

    private static func items(_ array: [JSONValue], at path: String) throws(Malformed) -> [TodoItem] {
        try array.enumerated().map { (index, json) throws(Malformed) in
            guard let id = json["id"]?.intValue, let title = json["title"]?.stringValue,
                let isDone = json["isDone"]?.boolValue
            else { throw Malformed("\(path)[\(index)]") }
            return TodoItem(id: id, title: title, isDone: isDone)
        }
    }

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

    /// A member of a version 1 list that isn't what version 1 wrote.
    struct Malformed: Error, CustomStringConvertible {
        /// Where, as a path into the list (`undoHistory[3][0]`).
        var path: String
        init(_ path: String) { self.path = path }
        var description: String { "\(path) isn't what version 1 of the todo file held" }
    }
}

extension TodoItem {
    /// The item as JSON, as its `Codable` conformance writes it.
    var json: JSONValue { ["id": .integer(id), "title": .string(title), "isDone": .bool(isDone)] }
}

extension TodoUndoStep {
    /// The step as JSON, as its `Codable` conformance writes it (empty parts left out).
    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if !removedIDs.isEmpty { members["removedIDs"] = .array(removedIDs.map { .integer($0) }) }
        if !restored.isEmpty { members["restored"] = .array(restored.map(\.json)) }
        if !reinserted.isEmpty {
            members["reinserted"] = .array(
                reinserted.map { ["index": .integer($0.index), "item": $0.item.json] })
        }
        return .object(members)
    }
}

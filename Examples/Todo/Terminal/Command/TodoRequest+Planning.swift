import TodoModel

extension TodoRequest {
    /// Decides what this command does to `state`: resolves the numbers the user typed to items,
    /// and rejects what the list can't take (a number past its end, a duplicate title) and what
    /// would change nothing (marking a done item done), so that a command that exits 0 changed
    /// the list.
    ///
    /// - Throws: ``TodoCommandError``; the list must then be left as it was.
    func plan(in state: TodoState) throws(TodoCommandError) -> TodoCommandPlan {
        switch self {
        case .add(let title):
            if let existing = state.item(titled: title) {
                throw .failure(Self.alreadyOnList(existing, in: state))
            }
            return TodoCommandPlan(action: AddTodo(title: title)) { after in
                let number = after.item(titled: title).flatMap { after.number(ofItemWithID: $0.id) }
                return "Added \(number.map(String.init) ?? "?"): \(TodoTitle.normalized(title))"
            }
        case .done(let number):
            let item = try Self.item(number, in: state)
            if item.isDone {
                throw .failure(
                    "'\(item.title)' (number \(number)) is already done; nothing was changed "
                        + "(reopen it with: todo undone \(number))")
            }
            return TodoCommandPlan(action: ToggleTodo(id: item.id)) { _ in "Done: \(item.title)" }
        case .undone(let number):
            let item = try Self.item(number, in: state)
            if !item.isDone {
                throw .failure(
                    "'\(item.title)' (number \(number)) isn't done; nothing was changed "
                        + "(mark it done with: todo done \(number))")
            }
            return TodoCommandPlan(action: ToggleTodo(id: item.id)) { _ in "Reopened: \(item.title)" }
        case .edit(let number, let title):
            let item = try Self.item(number, in: state)
            if let existing = state.item(titled: title), existing.id != item.id {
                throw .failure(Self.alreadyOnList(existing, in: state))
            }
            if item.title == TodoTitle.normalized(title) {
                throw .failure(
                    "'\(item.title)' (number \(number)) already has that title; nothing was changed")
            }
            return TodoCommandPlan(action: UpdateTodo(id: item.id, title: title)) { _ in
                "Renamed \(number): \(TodoTitle.normalized(title)) (was: \(item.title))"
            }
        case .remove(let number):
            let item = try Self.item(number, in: state)
            return TodoCommandPlan(action: RemoveTodo(id: item.id)) { _ in "Removed: \(item.title)" }
        case .clearDone:
            let doneCount = state.items.count(where: \.isDone)
            if doneCount == 0 { throw .failure("no done todos to clear; nothing was changed") }
            return TodoCommandPlan(action: ClearDoneTodos()) { _ in
                doneCount == 1 ? "Cleared 1 done todo." : "Cleared \(doneCount) done todos."
            }
        case .undo:
            guard let step = state.undoHistory.last else {
                throw .failure("nothing to undo: the list has no earlier change to go back to")
            }
            let change = Self.change(undoneBy: step, in: state)
            return TodoCommandPlan(action: UndoTodoChange()) { after in
                "Undid: \(change); the list now has \(Self.summary(of: after))."
            }
        case .list, .interactive, .help, .version, .resetFile:
            preconditionFailure("Internal inconsistency: \(self) is not planned against the list")
        }
    }

    private static func item(_ number: Int, in state: TodoState) throws(TodoCommandError) -> TodoItem {
        if let item = state.item(number: number) { return item }
        if state.items.isEmpty {
            throw .usage("there is no todo number \(number): the list is empty (add one with todo add \"…\")")
        }
        let count = state.items.count
        throw .usage(
            "there is no todo number \(number): the list has \(count) todo\(count == 1 ? "" : "s") "
                + "(run 'todo list' to see the numbers)")
    }

    private static func alreadyOnList(_ item: TodoItem, in state: TodoState) -> String {
        let number = state.number(ofItemWithID: item.id) ?? 0
        if item.isDone {
            return "'\(item.title)' is already on the list as number \(number), done; "
                + "reopen it with: todo undone \(number)"
        }
        return "'\(item.title)' is already on the list as number \(number)"
    }

    /// The command that made the change `step` takes back, as the user would have typed it:
    /// `done 1 "Buy milk"`, `add "Walk the dog"`, `remove 2 "Walk the dog"`.
    ///
    /// - Parameters:
    ///   - step: The last step of `state`'s undo history.
    ///   - state: The list the change left.
    static func change(undoneBy step: TodoUndoStep, in state: TodoState) -> String {
        func quoted(_ title: String) -> String { "\"\(title)\"" }
        if let id = step.removedIDs.first, let added = state.items.first(where: { $0.id == id }) {
            return "add \(quoted(added.title))"
        }
        if let old = step.restored.first, let item = state.items.first(where: { $0.id == old.id }),
            let number = state.number(ofItemWithID: item.id)
        {
            if old.title != item.title {
                return "edit \(number) \(quoted(item.title)) (was \(quoted(old.title)))"
            }
            return "\(item.isDone ? "done" : "undone") \(number) \(quoted(item.title))"
        }
        if step.reinserted.count == 1, let removed = step.reinserted.first {
            return "remove \(removed.index + 1) \(quoted(removed.item.title))"
        }
        if !step.reinserted.isEmpty {
            return "clear-done (\(step.reinserted.map { quoted($0.item.title) }.joined(separator: ", ")))"
        }
        return "the last change"
    }

    /// "2 todos (1 open, 1 done)", "no todos".
    static func summary(of state: TodoState) -> String {
        let count = state.items.count
        guard count > 0 else { return "no todos" }
        let done = state.items.count(where: \.isDone)
        return "\(count) todo\(count == 1 ? "" : "s") (\(count - done) open, \(done) done)"
    }
}

extension TodoFile {
    /// Runs a list-changing request on the file: plans it (``TodoRequest/plan(in:)``) against
    /// the list as saved, under the file's lock, and saves the result.
    ///
    /// - Returns: The line to show the user.
    /// - Throws: ``TodoCommandError`` when the request doesn't fit the list, or a
    ///   `PersistenceError` when the file can't be used, locked or written.
    func perform(_ request: TodoRequest) throws -> String {
        try perform { try request.plan(in: $0) }
    }
}

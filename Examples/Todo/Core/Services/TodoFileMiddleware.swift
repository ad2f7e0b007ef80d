import ReSwift

extension TodoFile {
    /// Middleware for the interactive store that keeps the screen and the file in step: each list
    /// action is applied to the file (see ``TodoFile/apply(_:)``) instead of to the store's copy,
    /// and the store then receives the list as saved, with any other process's changes.
    /// A failed save leaves the list as it was and shows the problem on the status line.
    func middleware() -> Middleware<TodoAppState> {
        { _, _ in
            { next in
                { action in
                    guard let listAction = action as? TodoAction else { return next(action) }
                    do {
                        next(TodoListLoaded(try apply(listAction)))
                    } catch {
                        next(ShowTodoMessage("Not saved: \(error)"))
                    }
                }
            }
        }
    }

    /// Reads the file again and hands the list to the store if another process changed it.
    func refresh(_ store: Store<TodoAppState>) {
        do {
            let saved = try read()
            if saved != store.state.list {
                store.dispatch(TodoListLoaded(saved), file: #fileID, line: #line)
            }
        } catch {
            store.dispatch(ShowTodoMessage("Couldn't read the list: \(error)"), file: #fileID, line: #line)
        }
    }
}

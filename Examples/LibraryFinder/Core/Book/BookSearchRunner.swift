import Foundation
import ReSwift
import ReSwiftThunk

/// Runs the interactive list's book searches (`b`) in tasks it keeps, so that Esc can stop them.
///
/// Each ISBN entered is handed to ``checkBookThunk(text:poller:)``, dispatched to the store in a
/// task of its own; ``cancel()`` cancels those tasks, which stops the polling: no request is made
/// after it, and the search ends as cancelled.
@MainActor
final class BookSearchRunner {
    private let store: Store<LibraryFinderState>
    private let poller: AvailabilityPoller
    private var tasks: [UUID: Task<Void, Never>] = [:]

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - store: The interactive list's store (with the thunk middleware).
    ///   - poller: Asks the service and polls it (the Calil client and the real clock in the app).
    init(store: Store<LibraryFinderState>, poller: AvailabilityPoller) {
        self.store = store
        self.poller = poller
    }

    /// Checks the ISBN typed in the prompt: the thunk keeps the prompt open with the reason when
    /// it can't be asked about, shows a book answered earlier, or asks the service.
    func submit(_ text: String) {
        let id = UUID()
        let thunk = checkBookThunk(text: text, poller: poller)
        let store = store
        tasks[id] = Task { [weak self] in
            // The thunk reports every failure through the state; nothing is thrown to catch here.
            _ = try? await store.dispatch(thunk)
            self?.tasks[id] = nil
        }
    }

    /// Stops every search started here (Esc, or quitting).
    func cancel() {
        for task in tasks.values { task.cancel() }
    }

    /// Waits until every search started so far has ended.
    func waitForSearches() async {
        while let task = tasks.values.first {
            await task.value
            // The task removes itself as it ends; make sure a finished one isn't waited for again.
            if let id = tasks.first(where: { $0.value == task })?.key { tasks[id] = nil }
        }
    }
}

@_spi(ReSwiftInternal) import ReSwift
import ReSwiftTesting
import ReSwiftThunk
import Testing

/// Selectors with `TestStore`: read with its state, and subscribed to the store it drives.
@Suite struct SelectorTestStoreTests {
    /// The books in title order, and how many there are.
    static func makeSortedBooks() -> MemoizedSelector<LibraryState, [String]> {
        MemoizedSelector(\LibraryState.books) { $0.sorted() }
    }

    @Test func aSelectorReadsTheTestStoresState() {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        let sortedBooks = Self.makeSortedBooks()
        store.send(SearchFinished(books: ["b", "a"])) { $0.books = ["b", "a"] }
        #expect(sortedBooks(store.state) == ["a", "b"])
        store.send(Increment()) { $0.count = 1 }
        #expect(sortedBooks(store.state) == ["a", "b"])
        #expect(sortedBooks.recomputations == 1)
    }

    @Test(.timeLimit(.minutes(3))) func subscribersOfTheDrivenStoreSeeSentAndReceivedActions() async throws {
        let store = TestStore(initialState: LibraryState(), reducer: libraryReducer)
        let sortedBooks = Self.makeSortedBooks()
        let seen = Locked<[[String]]>([])
        let token = store.store.subscribe(transform: { $0.select(sortedBooks) }) { books in
            seen.withLock { $0.append(books) }
        }
        store.send(SetQuery(query: "swift")) { $0.query = "swift" }
        try await store.send(searchBooks(in: Catalog()))
        await store.receive(SearchStarted()) { $0.isLoading = true }
        await store.receive(SearchFinished.self) {
            $0.isLoading = false
            $0.books = ["Swift in Depth", "Advanced Swift"]
        }
        #expect(seen.current == [[], ["Advanced Swift", "Swift in Depth"]])
        #expect(sortedBooks.recomputations == 2)
        token.cancel()
    }
}

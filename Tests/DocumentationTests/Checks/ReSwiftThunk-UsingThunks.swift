// Run after ReSwiftThunk's "Using thunks" (GuideProgramTests): what its thunks did, and the
// lines its call-site example says a dispatch records (found in the page itself).
import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import Testing

@MainActor @Test func theThunksDidWhatThePageSays() {
    #expect(store.state.categoryIndex == 2, "selectCategory(2)")
    #expect(books == [Book(title: "swift in Depth")])
    #expect(covers == [Cover(book: Book(title: "swift in Depth"))], "chained on the books")
    #expect(found == books)
    #expect(store.state.books == books)
}

@MainActor @Test func eachDispatchRecordsTheLineOfItsCall() async throws {
    let page = try String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ReSwiftThunk/ReSwiftThunk.docc/Articles/UsingThunks.md"),
        encoding: .utf8
    ).components(separatedBy: "\n")
    let searchLine = try #require(page.firstIndex { $0.hasPrefix("let search = AsyncThunk") })
    let started = try #require(page[searchLine...].firstIndex { $0.contains("dispatch(SearchStarted())") })
    let finished = try #require(page.firstIndex { $0.contains("// recorded as this line") })

    let sites = Locked<[String]>([])
    let recordCallSites: Middleware<AppState> = { _, _ in
        { next in
            { action in
                sites.withLock {
                    $0.append("\(type(of: action)) \(CallSite.current?.line ?? 0)")
                }
                next(action)
            }
        }
    }
    let store = Store<AppState>(
        reducer: appReducer, state: nil, middleware: [createThunkMiddleware(), recordCallSites])
    try await store.dispatch(search)
    let lines = sites.withLock { $0 }.filter { !$0.hasPrefix("ReSwiftInit") }
    #expect(lines == ["SearchStarted \(started + 1)", "SearchFinished \(finished + 1)"])
}

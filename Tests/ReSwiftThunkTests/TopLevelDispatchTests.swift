#if os(Linux) || os(macOS)
    import TestSupport
    import Testing

    /// `let count = try await store.dispatch(loadBooks)` in a `main.swift`: Swift type-checks
    /// top-level code as synchronous when it picks an overload, so that line used to pick the
    /// fire-and-forget `dispatch(_: Action)`, warn "constant 'count' inferred to have type '()'"
    /// and print `count = ()`. Now it doesn't compile, and says what to write; the same line
    /// in a function, and fire-and-forget from synchronous code, compile without a warning.
    @Suite(.timeLimit(.minutes(5))) struct TopLevelDispatchTests {
        /// The README's example model, then `code`.
        static func program(_ code: String) -> String {
            """
            import ReSwift
            import ReSwiftThunk

            struct AppState { var query = "swift"; var books: [String] = [] }
            struct SearchFinished: Action { var books: [String] }
            func appReducer(action: Action, state: AppState?) -> AppState {
                var state = state ?? AppState()
                if let finished = action as? SearchFinished { state.books = finished.books }
                return state
            }
            let store = Store<AppState>(reducer: appReducer, state: nil, middleware: [createThunkMiddleware()])
            let loadBooks = AsyncThunk<AppState, Int> { dispatch, getState in
                dispatch(SearchFinished(books: ["Swift in Depth"]))
                return getState()?.books.count ?? 0
            }

            \(code)
            """
        }

        @Test func awaitingInTopLevelCodeWithoutATypeIsACompileErrorThatSaysWhatToWrite() async throws {
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program(
                    """
                    let count = try await store.dispatch(loadBooks)
                    print("count = \\(count)")
                    """))
            #expect(!result.succeeded, "it compiled, so it would print count = ():\n\(result.output)")
            #expect(result.output.contains("unavailable from asynchronous contexts"), "\(result.output)")
            #expect(
                result.output.contains("let count: Int = try await store.dispatch(thunk)"), "\(result.output)"
            )
            // The message is one line: no line continuations or indentation from the source.
            #expect(
                result.output.contains("To wait for its value in top-level code, give the result a type"),
                "\(result.output)")
        }

        @Test func awaitingAThunkWithoutAValueInTopLevelCodeIsACompileErrorThatSaysWhere() async throws {
            // `Void` can't pick the awaited overload (the plain dispatch returns Void too): the
            // message says to move the call into an async function, which the next line does.
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program(
                    """
                    let refresh = AsyncThunk<AppState, Void> { dispatch, _ in dispatch(SearchFinished(books: [])) }
                    let _: Void = try await store.dispatch(refresh)
                    """))
            #expect(!result.succeeded, "it compiled, so it would not wait:\n\(result.output)")
            #expect(result.output.contains("can be awaited only in an async function"), "\(result.output)")
            let moved = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program(
                    """
                    let refresh = AsyncThunk<AppState, Void> { dispatch, _ in dispatch(SearchFinished(books: [])) }
                    func refreshed() async throws { try await store.dispatch(refresh) }
                    try await refreshed()
                    """))
            #expect(moved.succeeded, "\(moved.output)")
            #expect(moved.diagnostics.isEmpty, "\(moved.diagnostics.joined(separator: "\n"))")
        }

        @Test func topLevelCodeThatSaysWhatItMeansCompilesWithoutWarnings() async throws {
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program(
                    """
                    let count: Int = try await store.dispatch(loadBooks)
                    let again = try await store.dispatch(loadBooks) as Int
                    store.dispatch(loadBooks as Action)   // fire and forget
                    print("count = \\(count + again)")
                    """))
            #expect(result.succeeded, "\(result.output)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.joined(separator: "\n"))")
        }

        @Test func inAFunctionTheAwaitedFormWinsAndSynchronousCodeFiresAndForgets() async throws {
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program(
                    """
                    func load() async throws -> Int {
                        let count = try await store.dispatch(loadBooks)
                        return count   // an Int: the function returns Int
                    }
                    func searchTapped() {
                        store.dispatch(loadBooks)   // synchronous code: fire and forget
                    }
                    let onTap: () -> Void = { store.dispatch(loadBooks) }
                    searchTapped()
                    onTap()
                    let count: Int = try await load()
                    print(count)
                    """))
            #expect(result.succeeded, "\(result.output)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.joined(separator: "\n"))")
        }

        @Test func synchronousTopLevelCodeStillFiresAndForgets() async throws {
            // No `await` anywhere: top-level code is synchronous, as ReSwift-Thunk scripts are.
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program("store.dispatch(loadBooks)"))
            #expect(result.succeeded, "\(result.output)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.joined(separator: "\n"))")
        }
    }
#endif

#if os(Linux) || os(macOS)
    import TestSupport
    import Testing

    /// What the compiler says to code written for ReSwift 3, whose transform took the state.
    @Suite(.timeLimit(.minutes(5))) struct MigrationDiagnosticTests {
        static let program = """
            import ReSwift

            struct Route: Equatable { var path = "/" }
            struct AppState { var route = Route() }
            func appReducer(action: Action, state: AppState?) -> AppState { state ?? AppState() }
            final class Router: StoreSubscriber {
                func newState(state: Route) {}
            }
            let store = Store<AppState>(reducer: appReducer, state: nil)
            let router = Router()

            """

        @Test func aReSwift3TransformOfTheStateSaysToSelect() async throws {
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program + "store.subscribe(router) { $0.route }\n")
            #expect(!result.succeeded, "\(result.output)")
            #expect(
                result.output.contains("store.subscribe(subscriber) { $0.select { $0.route } }"),
                "\(result.output)")
            #expect(!result.output.contains("MemoizedSelector"), "\(result.output)")
        }

        @Test func theSubscriptionTransformStillCompiles() async throws {
            let result = try await SwiftSnippetCompiler.typeCheckOffThePool(
                mainSwift: Self.program + "store.subscribe(router) { $0.select { $0.route } }\n"
                    + "store.subscribe(router) { $0.select(\\.route) }\n")
            #expect(result.succeeded, "\(result.output)")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.joined(separator: "\n"))")
        }

        /// A library file (not a `main.swift`) in Swift 6 mode with a file-scope middleware.
        static func libraryFile(_ declaration: String) async throws -> SwiftSnippetCompiler.Result {
            let source = """
                import ReSwift

                struct AppState { var count = 0 }

                \(declaration) logging: Middleware<AppState> \(declaration == "let" ? "=" : "") {
                    { dispatch, getState in
                        { next in { action in next(action) } }
                    }
                }\(declaration == "let" ? "()" : "")

                func makeStore() -> Store<AppState> {
                    Store(reducer: { _, state in state ?? AppState() }, state: nil, middleware: [logging])
                }
                """
            return try await onAThreadOfItsOwn {
                try SwiftSnippetCompiler.typeCheck(
                    file: "Logging.swift", source: source,
                    arguments: ["-swift-version", "6", "-parse-as-library"])
            }
        }

        @Test func theMigrationArticlesComputedMiddlewareCompilesWhereAFileScopeLetDoesNot() async throws {
            let constant = try await Self.libraryFile("let")
            #expect(!constant.succeeded, "\(constant.output)")
            #expect(constant.output.contains("not concurrency-safe"), "\(constant.output)")
            let computed = try await Self.libraryFile("var")
            #expect(computed.succeeded, "\(computed.output)")
            #expect(computed.diagnostics.isEmpty, "\(computed.diagnostics.joined(separator: "\n"))")
        }
    }
#endif

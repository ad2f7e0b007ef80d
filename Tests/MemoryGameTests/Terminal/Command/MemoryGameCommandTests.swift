import ArgumentParsing
import Foundation
import ReSwift
import ReSwiftThunk
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// The wiring `memory-game` runs: what the command line decides, and the store and environment
/// it plays with.
@Suite struct MemoryGameCommandTests {
    @Test func helpAndVersionArePrintedWithStatusZero() {
        #expect(
            MemoryGameCommand.launch(arguments: ["--help"], environment: [:])
                == .finish(status: ExitStatus.success, output: MemoryGameHelp.usage, error: ""))
        #expect(
            MemoryGameCommand.launch(arguments: ["--version"], environment: [:])
                == .finish(status: ExitStatus.success, output: MemoryGameHelp.version + "\n", error: ""))
    }

    @Test func aBadOptionIsAUsageErrorOnStandardError() throws {
        guard
            case .finish(let status, let output, let error) =
                MemoryGameCommand.launch(arguments: ["--bogus"], environment: [:])
        else {
            Issue.record("--bogus was accepted")
            return
        }
        #expect(status == ExitStatus.usage)
        #expect(output.isEmpty)
        #expect(error.contains("\"--bogus\""))
        #expect(error.contains("memory-game --help"))
    }

    @Test func validOptionsStartAGame() {
        var expected = LaunchOptions()
        expected.offline = true
        expected.seed = 7
        expected.category = .metal
        #expect(
            MemoryGameCommand.launch(
                arguments: ["--offline", "--seed", "7", "--category", "metal"], environment: [:])
                == .play(expected))
    }

    @Test func theStoreRunsThunksAndStartsFromTheGivenState() {
        let store = MemoryGameCommand.makeStore(state: AppState(categories: CategoriesState(current: .rap)))
        #expect(store.state.categories.current == .rap)
        var ranWith: MusicCategory?
        store.dispatch(
            Thunk<AppState> { dispatch, getState in
                ranWith = getState()?.categories.current
                dispatch(ChangeCategoryAction(category: .rock))
            })
        #expect(ranWith == .rap)
        #expect(store.state.categories.current == .rock)
    }

    @Test func offlinePlayHasNoLiveSource() {
        var options = LaunchOptions()
        options.offline = true
        #expect(MemoryGameCommand.makeEnvironment(options).liveSource == nil)
    }

    @Test func onlinePlayAsksTheGivenServer() throws {
        var options = LaunchOptions()
        options.apiBase = try #require(URL(string: "http://127.0.0.1:9/search"))
        options.mismatchDelay = 0.25
        let environment = MemoryGameCommand.makeEnvironment(options)
        let client = try #require(environment.liveSource as? ITunesSearchClient)
        #expect(client.baseURL == options.apiBase)
        #expect(environment.mismatchDelay == 0.25)
    }
}

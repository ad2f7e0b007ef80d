import Foundation
import ReSwift
import ReSwiftRouter
import TerminalUI
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal side of the game, run on an event loop reading from a pipe and drawing into a
/// string: the screen the router asks for is drawn from its slice, keys become intents, notices
/// show on the bottom row.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct GameScreensTests {
    /// What the renderer wrote.
    @MainActor
    private final class Output {
        var text = ""
    }

    /// A game's screens with everything around them.
    @MainActor
    private struct Harness {
        let store: Store<AppState>
        let loop: EventLoop
        let screens: GameScreens
        let output: Output
        let input: (read: Int32, write: Int32)

        /// Runs the loop until the work posted so far (and what it posts) has run.
        func settle() async {
            loop.post { [loop] in loop.post { loop.stop() } }
            await loop.run { _ = screens.handle($0) }
        }

        func close() {
            closeDescriptor(input.read)
            closeDescriptor(input.write)
        }
    }

    private func makeHarness() throws -> Harness {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: AppState(categories: CategoriesState(current: .rock)))
        store.dispatch(SetRouteAction(Routes.menuRoute))
        let loop = EventLoop(input: descriptors[0])
        let output = Output()
        let screens = GameScreens(
            store: GameStore(store), loop: loop,
            renderer: Renderer(colorSupport: .none) { output.text += $0 },
            dispatcher: IntentDispatcher(
                store: store,
                environment: GameEnvironment(liveSource: nil, random: RandomSource(seed: 1))),
            size: TerminalSize(columns: 80, rows: 24))
        return Harness(
            store: store, loop: loop, screens: screens, output: output,
            input: (descriptors[0], descriptors[1]))
    }

    @Test func theMenuIsDrawnWhenPresentedAndRedrawnWhenItsSliceChanges() async throws {
        let harness = try makeHarness()
        defer { harness.close() }
        harness.screens.present(.menu) {}
        await harness.settle()
        #expect(harness.output.text.contains("Memory Tunes"))
        #expect(harness.output.text.contains("Choose Category (Rock)"))

        harness.output.text = ""
        harness.store.dispatch(ChangeCategoryAction(category: .metal))
        await harness.settle()
        #expect(harness.output.text.contains("Choose Category (Metal)"))
    }

    @Test func presentingAnotherScreenDrawsItInsteadOfTheMenu() async throws {
        let harness = try makeHarness()
        defer { harness.close() }
        harness.screens.present(.menu) {}
        await harness.settle()
        harness.output.text = ""
        harness.screens.present(.categories) {}
        await harness.settle()
        #expect(harness.output.text.contains("Electronic"))
        #expect(!harness.output.text.contains("Memory Tunes"))
    }

    @Test func qQuitsAndOtherKeysAreHandled() async throws {
        let harness = try makeHarness()
        defer { harness.close() }
        harness.screens.present(.menu) {}
        await harness.settle()
        #expect(harness.screens.handle(.key(.down)))
        #expect(harness.store.state.menu.highlighted == .chooseCategory)
        #expect(!harness.screens.handle(.key(.character("q"))))
    }

    @Test func beforeAnyScreenOnlyCtrlCEndsTheApp() throws {
        let harness = try makeHarness()
        defer { harness.close() }
        #expect(harness.screens.handle(.key(.character("x"))))
        #expect(!harness.screens.handle(.key(.ctrl("c"))))
    }

    @Test func aNoticeIsShownOnTheBottomRow() async throws {
        let harness = try makeHarness()
        defer { harness.close() }
        harness.screens.present(.menu) {}
        await harness.settle()
        harness.screens.show(notice: "The settings file was set aside.")
        #expect(harness.output.text.contains("The settings file was set aside."))
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

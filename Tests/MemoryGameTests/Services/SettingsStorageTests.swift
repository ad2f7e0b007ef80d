import Foundation
import ReSwift
import Testing

@testable import MemoryGameCore

@Suite struct SettingsStorageTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("memory-game-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func chosenCategoryIsRestoredByTheNextLaunch() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = SettingsStorage.defaultURL(environment: ["XDG_DATA_HOME": folder.path])
        #expect(url.path.hasPrefix(folder.path))
        #expect(url.lastPathComponent == "settings.json")

        // First launch: nothing saved, the player picks Metal.
        let first = SettingsStorage(url: url)
        let firstStore = Store<AppState>(
            reducer: makeAppReducer(), state: SettingsStorage.initialState(saved: try first.restore()))
        #expect(firstStore.state.categories.current == .pop)
        let persister = first.persist(firstStore)
        firstStore.dispatch(ChangeCategoryAction(category: .metal))
        persister.flush()

        // Second launch starts with Metal.
        let second = SettingsStorage(url: url)
        let saved = try second.restore()
        #expect(saved == Settings(category: .metal))
        #expect(SettingsStorage.initialState(saved: saved).categories.current == .metal)
    }

    @Test func commandLineCategoryWinsOverTheSavedOne() {
        let state = SettingsStorage.initialState(saved: Settings(category: .rap), requested: .rock)
        #expect(state.categories.current == .rock)
    }

    @Test func gameMovesDoNotRewriteTheSettings() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = SettingsStorage(url: folder.appendingPathComponent("settings.json"))
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: SettingsStorage.initialState(saved: nil))
        let persister = storage.persist(store)
        store.dispatch(MoveMenuHighlightAction(by: 1))
        persister.flush()
        #expect(try storage.restore() == nil)
    }
}

import Foundation
import ReSwift
import ReSwiftPersistence
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct SettingsStorageTests {
    @Test func chosenCategoryIsRestoredByTheNextLaunch() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
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

    @Test func aFailedSaveIsToldInWordsWithWhatItMeansForThePlayer() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
        // A plain file where the settings folder should be: every save fails, even as root.
        let blocker = folder.appendingPathComponent("memory-game")
        try Data().write(to: blocker)
        let file = SettingsStorage(url: blocker.appendingPathComponent("settings.json")).file
        let problem = try #require(
            thrownError(PersistenceError.self) { try file.save(Settings(category: .rock)) })
        let notice = SettingsStorage.notice(for: problem)
        #expect(notice.hasPrefix("Your choice of category wasn't saved (it lasts until you quit). "))
        #expect(notice.contains(blocker.path))
        #expect(!notice.contains("NSCocoaErrorDomain"))
    }

    @Test func aSetAsideFileIsToldAsItIs() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
        let url = folder.appendingPathComponent("settings.json")
        try Data("{ not json".utf8).write(to: url)
        let reported = Collected<PersistenceError>()
        _ = try SettingsStorage(url: url, problemHandler: reported.append).restore()
        let problem = try #require(reported.all.first)
        #expect(SettingsStorage.notice(for: problem) == problem.message)
    }

    @Test func commandLineCategoryWinsOverTheSavedOne() {
        let state = SettingsStorage.initialState(saved: Settings(category: .rap), requested: .rock)
        #expect(state.categories.current == .rock)
    }

    @Test func gameMovesDoNotRewriteTheSettings() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
        let storage = SettingsStorage(url: folder.appendingPathComponent("settings.json"))
        let store = Store<AppState>(
            reducer: makeAppReducer(), state: SettingsStorage.initialState(saved: nil))
        let persister = storage.persist(store)
        store.dispatch(MoveMenuHighlightAction(by: 1))
        persister.flush()
        #expect(try storage.restore() == nil)
    }

    @Test func aBadSettingsFileIsSetAsideWithANoticeNamingWhereItWent() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
        let url = folder.appendingPathComponent("settings.json")
        try Data("{ cut sh".utf8).write(to: url)
        let notices = Collected<PersistenceError>()
        let storage = SettingsStorage(url: url, problemHandler: notices.append)
        #expect(try storage.restore() == nil)
        let notice = try #require(notices.all.first?.message)
        let moved = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("settings.json.moved-") }
        #expect(moved.count == 1)
        #expect(notice.contains(folder.appendingPathComponent(moved[0]).path))
        #expect(notice.contains("started from its defaults"))
    }

    @Test func aSettingsFileFromANewerVersionStopsTheLaunchAndStaysPut() throws {
        let temporary = try TemporaryDirectory(prefix: "memory-game-tests")
        let folder = temporary.url
        let url = folder.appendingPathComponent("settings.json")
        let newer = #"{"schemaVersion": 2, "value": {"category": "metal", "volume": 3}}"#
        try Data(newer.utf8).write(to: url)
        let storage = SettingsStorage(url: url)
        let error = try #require(thrownError(PersistenceError.self) { try storage.restore() })
        #expect(error.kind == .newerVersion)
        #expect(try String(contentsOf: url, encoding: .utf8) == newer)
    }
}

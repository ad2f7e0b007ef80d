import Foundation
import TestSupport
import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

/// Problems with the settings file reach the screen, however early they happen.
@Suite struct ProblemRelayTests {
    /// A folder holding a settings file that isn't JSON; removed with the returned folder.
    private func corruptSettings(named name: String) throws -> (folder: TemporaryDirectory, file: URL) {
        let folder = try TemporaryDirectory(prefix: "problem-relay-\(name)")
        let file = folder.file("settings.json")
        try Data("not json".utf8).write(to: file)
        return (folder, file)
    }

    @Test func problemsBeforeTheScreenExistsWaitForItInOrderAndLaterOnesGoStraightThere() throws {
        let first = try corruptSettings(named: "first")
        let second = try corruptSettings(named: "second")
        let third = try corruptSettings(named: "third")
        let relay = ProblemRelay()
        let delivered = Collected<String>()

        _ = try SettingsStorage(url: first.file, problemHandler: relay.report).restore()
        _ = try SettingsStorage(url: second.file, problemHandler: relay.report).restore()
        #expect(delivered.all.isEmpty)

        relay.connect { delivered.append($0) }
        #expect(delivered.all.count == 2)
        #expect(delivered.all.first?.contains(first.folder.url.lastPathComponent) == true)
        #expect(delivered.all.last?.contains(second.folder.url.lastPathComponent) == true)

        _ = try SettingsStorage(url: third.file, problemHandler: relay.report).restore()
        #expect(delivered.all.count == 3)
        #expect(delivered.all.last?.contains(third.folder.url.lastPathComponent) == true)
    }

    @Test func aNoticeSaysWhatHappenedToTheFile() throws {
        let settings = try corruptSettings(named: "notice")
        let relay = ProblemRelay()
        let delivered = Collected<String>()
        relay.connect { delivered.append($0) }
        _ = try SettingsStorage(url: settings.file, problemHandler: relay.report).restore()
        let notice = try #require(delivered.all.first)
        #expect(notice.contains("settings.json"))
    }
}

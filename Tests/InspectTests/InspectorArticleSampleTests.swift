import Foundation
import TerminalUI
import Testing

@testable import ReSwiftInspect

/// The sample output in the article "Inspecting a Running App" is what the programs print: the
/// `tail` lines and the interactive inspector's diff pane, call-site column included.
@Suite struct InspectorArticleSampleTests {
    private var article: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent(
                    "../../Sources/ReSwiftDevTools/ReSwiftDevTools.docc/Articles/InspectingARunningApp.md")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    @Test func theTailSampleIsWhatTailPrints() throws {
        let added: [String: Any] = [
            "type": "action", "seq": 10, "action": "AddTodo", "durationNs": 33_900_000,
            "callSite": "TodoTerminal/TodoListView.swift:134",
            "diff": [
                ["path": "list.items[0]", "after": #"TodoItem(id: 1, title: "Buy milk", isDone: false)"#],
                ["path": "list.nextID", "before": "1", "after": "2"],
                ["path": "screen.selection", "before": "nil", "after": "0"],
            ],
        ]
        let closed: [String: Any] = [
            "type": "action", "seq": 11, "action": "CloseEditor", "durationNs": 101_000,
            "callSite": "TodoTerminal/TodoListView.swift:138",
            "diff": [["path": "screen.editor", "before": #".adding(text: "Buy milk")"#, "after": "nil"]],
        ]
        for event in [added, closed] {
            let line = try #require(EventFormatter.line(for: event))
            #expect(
                try article.contains("\n" + line + "\n"), "the article lacks the line tail prints:\n\(line)")
        }
    }

    @Test func theInspectorSampleShowsTheCallSiteUnderThePayload() throws {
        let toggled = try #require(
            IncomingEvent.decode(
                Data(
                    #"{"type":"action","seq":29,"action":"ToggleTodo","payload":{"id":2},"durationNs":8500000,"callSite":"TodoTerminal/TodoListView.swift:48","diff":[{"path":"list.items[1].isDone","before":"false","after":"true"}]}"#
                        .utf8)))
        let state = inspectorViewReducer(action: EventsReceived(events: [toggled]), state: nil)
        let screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 100, rows: 12))
            .plainText
            .split(separator: "\n").map { $0.split(separator: "│").last.map { String($0.dropFirst()) } ?? "" }
        let sample = try article.split(separator: "\n").compactMap { line in
            line.split(separator: "│").dropFirst().first.map { String($0.dropFirst()) }
        }
        for expected in [
            #"payload: {"id":2}"#, "at: TodoTerminal/TodoListView.swift:48",
            "~ list.items[1].isDone: false → true",
        ] {
            #expect(screen.contains(expected), "the inspector draws \(expected)")
            #expect(sample.contains(expected), "the article's sample screen shows \(expected)")
        }
        let payload = try #require(sample.firstIndex(of: #"payload: {"id":2}"#))
        #expect(sample[payload + 1] == "at: TodoTerminal/TodoListView.swift:48")
    }
}

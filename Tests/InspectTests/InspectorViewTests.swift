import Foundation
import ReSwift
import TerminalUI
import Testing

@testable import ReSwiftInspect

/// The interactive inspector's model and screen, without a terminal: events and keys go through
/// the reducer, and the screen is drawn from the state.
@Suite struct InspectorViewTests {
    private func event(_ json: String) throws -> IncomingEvent {
        try #require(IncomingEvent.decode(Data(json.utf8)), "not an event: \(json)")
    }

    /// A todo session: hello, three actions, the state after them.
    private func todoSession() throws -> InspectorViewState {
        let events = try [
            event(
                #"{"type":"hello","app":"todo","pid":4242,"protocol":1,"stateType":"TodoModel.TodoAppState","started":1,"timeTravel":false}"#
            ),
            event(
                #"{"type":"action","seq":2,"action":"BeginAddingTodo","actionType":"TodoModel.BeginAddingTodo","payload":{},"time":1,"durationNs":9000,"diff":[{"path":"screen.editor","after":"adding(text: \"\")"}]}"#
            ),
            event(
                #"{"type":"action","seq":3,"action":"AddTodo","actionType":"TodoModel.AddTodo","payload":{"title":"Buy milk"},"time":1,"durationNs":41000,"diff":[{"path":"list.items[0]","after":"TodoItem(id: 1, title: \"Buy milk\", isDone: false)"},{"path":"list.nextID","before":"1","after":"2"}]}"#
            ),
            event(#"{"type":"gap","lost":120}"#),
            event(
                #"{"type":"action","seq":124,"action":"MoveSelection","actionType":"TodoModel.MoveSelection","payload":{"offset":1},"time":1,"durationNs":2000000,"diff":[]}"#
            ),
            event(
                #"{"type":"state","seq":124,"state":{"list":{"items":[{"id":1,"isDone":false,"title":"Buy milk"}],"nextID":2,"undoHistory":[]},"screen":{"selection":0}}}"#
            ),
        ]
        return inspectorViewReducer(action: EventsReceived(events: events), state: nil)
    }

    private func reduce(_ state: InspectorViewState, _ actions: Action...) -> InspectorViewState {
        actions.reduce(state) { inspectorViewReducer(action: $1, state: $0) }
    }

    private func press(_ keys: Key..., in state: InspectorViewState) -> InspectorViewState {
        keys.reduce(state) { state, key in
            guard case .action(let action) = InspectorKeys.outcome(for: key, in: state) else { return state }
            return inspectorViewReducer(action: action, state: state)
        }
    }

    /// 3,000 actions with 100 KB diffs kept whole took over 350 MB: the rows keep a bounded
    /// number of bytes, each says what it cut, and the list drops its oldest rows beyond the total.
    @Test func keepsABoundedNumberOfBytesOfDiffsAndSaysWhatWasCut() throws {
        var state = try todoSession()
        let big = String(repeating: "x", count: 50_000)
        let part = String(repeating: "p", count: 1_000)
        for seq in 200..<3_200 {
            var action = IncomingEvent(type: "action")
            action.seq = UInt64(seq)
            action.action = "LoadEverything"
            action.diff =
                [.init(path: "catalog", before: big, after: big + "y")]
                + (0..<8).map { .init(path: "part\($0)", before: part, after: part + "\(seq)") }
            state = inspectorViewReducer(action: EventsReceived(events: [action]), state: state)
        }
        let total = state.entries.reduce(0) { $0 + ($1.action?.keptBytes ?? 0) }
        #expect(total == state.keptBytes)
        #expect(total <= InspectorViewState.keptByteLimit)
        #expect(state.droppedEntries > 0, "the oldest rows went to stay within the bytes")
        #expect(state.entries.count > 1_000, "each row keeps little, so many rows fit")
        let newest = try #require(state.entries.last?.action)
        #expect(newest.keptBytes <= InspectorViewState.entryByteLimit)
        #expect(newest.diff.first?.before?.hasSuffix("…") == true)
        #expect(newest.diff.count == 7 && newest.cutDifferences == 2)
        let cut = (2 * 50_000 + 1 - 2 * InspectorViewState.valueByteLimit) + 2 * (2_000 + 4 + 5)
        #expect(newest.cutBytes == cut)

        let screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 120, rows: 20))
            .plainText
        #expect(
            screen.contains("… 97 KB not kept (2 more changes; 16 KB kept per action)"), "\(screen)")
        #expect(screen.contains("older not kept"), "\(screen)")

        var many = IncomingEvent(type: "action")
        many.seq = 4_000
        many.action = "ReplaceAll"
        many.diff = (0..<1_000).map { .init(path: "items[\($0)]", before: "old \($0)", after: "new \($0)") }
        state = inspectorViewReducer(action: EventsReceived(events: [many]), state: state)
        let record = try #require(state.entries.last?.action)
        #expect(record.cutDifferences > 0 && record.diff.count + record.cutDifferences == 1_000)
        #expect(record.keptBytes <= InspectorViewState.entryByteLimit)
    }

    @Test func drawsTheActionsTheSelectedDiffAndTheStateTree() throws {
        var state = try todoSession()
        state = press(.up, .up, in: state)  // from the newest (MoveSelection) past the gap to AddTodo
        let screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 96, rows: 14))
            .plainText
        let expected = """
            reswift-inspect · todo (pid 4242) · TodoAppState                                            live
            Actions 4                             │ #3 AddTodo · 41µs
              #2  BeginAddingTodo  9µs            │ payload: {"title":"Buy milk"}
            › #3  AddTodo  41µs                   │ + list.items[0]: TodoItem(id: 1, title: "Buy milk", isD…
              … 120 lost                          │ ~ list.nextID: 1 → 2
              #124  MoveSelection  2.0ms          │ State after #124
                                                  │   ▾ TodoAppState {2}
                                                  │     ▸ list {3}
                                                  │     ▸ screen {1}
                                                  │
                                                  │
                                                  │

            ↑↓ select  / filter  Tab pane  ⏎←→ tree  space pause  t travel  b back  r state  q quit
            """
        #expect(screen == expected)
    }

    @Test func aTooSmallTerminalSaysHowBigItMustBe() throws {
        let screen = InspectorScreenView.lines(
            state: try todoSession(), size: TerminalSize(columns: 40, rows: 8))
        #expect(screen.plainText.contains("Terminal too small"))
        #expect(screen.plainText.contains("needs 60×12"))
    }

    @Test func theFilterKeepsTheActionTypesThatContainItAndEscClearsIt() throws {
        var state = try todoSession()
        state = press(.character("/"), .character("a"), .character("D"), .character("d"), in: state)
        #expect(state.filterField?.text == "aDd")
        #expect(state.visibleEntries.compactMap(\.action?.name) == ["BeginAddingTodo", "AddTodo"])
        let typing = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 80, rows: 14))
        #expect(typing[12].plainText.hasPrefix("Filter by type: aDd"))

        state = press(.enter, in: state)
        #expect(state.filterField == nil)
        #expect(state.filter == "aDd")
        let filtered = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 80, rows: 14))
        #expect(filtered[1].plainText.hasPrefix("Actions 2  /aDd"))
        #expect(!filtered.plainText.contains("lost"))

        state = press(.escape, in: state)
        #expect(state.filter.isEmpty)
        #expect(state.visibleEntries.count == 4)
    }

    @Test func theSelectionFollowsTheNewestActionUntilMovedAndStaysPutAfter() throws {
        var state = try todoSession()
        #expect(state.selectedEntry?.action?.seq == 124)
        let newer = try event(
            #"{"type":"action","seq":125,"action":"AddTodo","payload":{"title":"b"},"durationNs":1,"diff":[]}"#
        )
        state = reduce(state, EventsReceived(events: [newer]))
        #expect(state.selectedEntry?.action?.seq == 125)

        state = press(.home, in: state)
        #expect(state.selectedEntry?.action?.seq == 2)
        state = reduce(state, EventsReceived(events: [newer]))
        #expect(state.selectedEntry?.action?.seq == 2)
        state = press(.end, in: state)
        #expect(state.selectedEntryID == nil)
    }

    @Test func enterRightAndLeftExpandAndCollapseTheStateTree() throws {
        var state = press(.tab, in: try todoSession())
        #expect(state.focus == .state)
        #expect(state.treeRows.map(\.text) == ["TodoAppState {2}", "list {3}", "screen {1}"])

        state = press(.down, .right, in: state)
        #expect(
            state.treeRows.map(\.text) == [
                "TodoAppState {2}", "list {3}", "items [1]", "nextID: 2", "undoHistory [0]", "screen {1}",
            ])
        state = press(.down, .enter, .down, in: state)
        #expect(state.treeRows[3].text == "[0] {3}")
        state = press(.enter, in: state)
        #expect(state.treeRows.map(\.text).contains(#"title: "Buy milk""#))
        let screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 96, rows: 20))
            .plainText
        let selectedRow = try #require(screen.split(separator: "\n").first { $0.contains("[0] {3}") })
        #expect(selectedRow.contains("› "), "the selected node is marked: \(selectedRow)")
        #expect(selectedRow.hasSuffix("▾ [0] {3}"), "the selected node is drawn whole: \(selectedRow)")

        // Left on an expanded node collapses it; on a leaf or a collapsed node, selects the parent.
        state = press(.left, in: state)
        #expect(!state.treeRows.map(\.text).contains(#"title: "Buy milk""#))
        state = press(.left, in: state)
        #expect(state.treeRows[state.treeSelection].text == "items [1]")
    }

    @Test func pauseResumeStateAndTravelAreSentToTheAppAndNotices() throws {
        let sent = Recorded()
        let store = Store<InspectorViewState>(
            reducer: inspectorViewReducer, state: nil,
            middleware: [inspectorCommandMiddleware { sent.append($0) }])
        let hello = try event(#"{"type":"hello","app":"travel","pid":1,"stateType":"T","timeTravel":true}"#)
        store.dispatch(EventsReceived(events: [hello]))
        #expect(sent.all == [#"{"command":"state"}"#])
        #expect(store.state.isAwaitingState)

        store.dispatch(TogglePause())
        #expect(sent.all.last == #"{"command":"pause"}"#)
        #expect(!store.state.isPaused)  // until the app says so
        store.dispatch(EventsReceived(events: [try event(#"{"type":"paused"}"#)]))
        #expect(store.state.isPaused)
        store.dispatch(TogglePause())
        #expect(sent.all.last == #"{"command":"resume"}"#)

        store.dispatch(
            EventsReceived(events: [
                try event(#"{"type":"state","seq":1,"state":{}}"#),
                try event(
                    #"{"type":"action","seq":7,"action":"A","payload":{},"durationNs":1,"diff":[],"historyIndex":3}"#
                ),
            ]))
        #expect(sent.all.last == #"{"command":"state"}"#)  // the shown state is stale
        store.dispatch(TravelToSelection())
        #expect(sent.all.last == #"{"command":"jump","index":3}"#)
        #expect(store.state.travelledTo == 7)
        store.dispatch(TravelToPresent())
        #expect(sent.all.last == #"{"command":"jump","index":9223372036854775807}"#)
        #expect(store.state.travelledTo == nil)
    }

    /// An app that moves on while the inspector travels (a new action, a reload from its file)
    /// shows its present again: the inspector leaves travel mode and says so, instead of claiming
    /// the app still shows the past.
    @Test func travelEndsAndIsSaidToEndWhenTheAppMovesOn() throws {
        let hello = try event(#"{"type":"hello","app":"travel","pid":1,"stateType":"T","timeTravel":true}"#)
        let added = try event(
            #"{"type":"action","seq":7,"action":"AddTodo","payload":{},"durationNs":1,"diff":[],"historyIndex":3}"#
        )
        var state = reduce(
            InspectorViewState(), EventsReceived(events: [hello, added]), MoveActionSelection(offset: -1),
            TravelToSelection())
        #expect(state.travelledTo == 7)
        let jump = try event(
            #"{"type":"action","seq":8,"action":"JumpToStep","payload":{"number":3},"durationNs":1,"diff":[],"historyIndex":3}"#
        )
        state = reduce(state, EventsReceived(events: [jump]))
        #expect(state.travelledTo == 7, "the jump itself is travelling")
        var screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 100, rows: 14))
            .plainText
        #expect(screen.contains("time travel: after #7"))

        let reloaded = try event(
            #"{"type":"action","seq":9,"action":"ReloadFromFile","payload":{},"durationNs":1,"diff":[],"historyIndex":4}"#
        )
        state = reduce(state, EventsReceived(events: [reloaded]))
        #expect(state.travelledTo == nil)
        screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 100, rows: 14)).plainText
        #expect(!screen.contains("time travel: after"), "\(screen)")
        #expect(screen.contains("The app moved on (ReloadFromFile)"), "\(screen)")
    }

    @Test func actionsTheAppHandledWhileThePauseLastedShowAsARowThatCountsThem() throws {
        func action(_ seq: Int) throws -> IncomingEvent {
            try event(
                #"{"type":"action","seq":\#(seq),"action":"Move","payload":{},"durationNs":1,"diff":[]}"#)
        }
        var state = try todoSession()  // its newest action is #124
        state = reduce(
            state,
            EventsReceived(events: [try event(#"{"type":"paused"}"#)]),
            EventsReceived(events: [try event(#"{"type":"resumed"}"#), try action(130)]))
        let rows = state.entries.suffix(2).map(\.kind)
        let last = try #require(state.entries.last?.action)
        #expect(rows == [.paused(skipped: 5), .action(last)])
        let screen = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 96, rows: 14))
        #expect(screen.plainText.contains("… 5 while paused"))

        // A gap the app reported, and a gap of events this inspector dropped itself, are no
        // pause: the numbers they account for get no second row.
        state = reduce(
            state, EventsReceived(events: [try event(#"{"type":"gap","lost":9}"#), try action(140)]),
            EventsReceived(events: [], droppedLocally: 4), EventsReceived(events: [try action(145)]))
        let latest = state.entries.suffix(4)
        #expect(latest.map { $0.action?.seq } == [nil, 140, nil, 145])
        #expect(latest.compactMap { $0.action == nil ? $0.kind : nil } == [.gap(lost: 9), .gap(lost: 4)])

        // Selected, the row says what it means.
        state = reduce(
            state, EventsReceived(events: [try event(#"{"type":"paused"}"#)]),
            EventsReceived(events: [try event(#"{"type":"resumed"}"#), try action(150)]))
        state = press(.up, in: state)
        #expect(state.selectedEntry?.kind == .paused(skipped: 4))
        let selected = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 96, rows: 14))
        #expect(selected.plainText.contains("4 actions while paused"))
    }

    @Test func anEndedConnectionIsSaidAndAFailedCommandShown() throws {
        let store = Store<InspectorViewState>(
            reducer: inspectorViewReducer, state: try todoSession(),
            middleware: [inspectorCommandMiddleware { _ in "send: Broken pipe" }])
        store.dispatch(TogglePause())
        #expect(store.state.message == "Couldn't reach the app: send: Broken pipe")
        store.dispatch(ConnectionEnded())
        let screen = InspectorScreenView.lines(state: store.state, size: TerminalSize(columns: 80, rows: 14))
        #expect(screen[0].plainText.hasSuffix("ended"))
        #expect(screen[12].plainText == "The app ended the connection. q quits.")
    }

    @Test func travelIsRefusedForAppsWithoutTimeTravel() throws {
        let state = press(.character("t"), in: try todoSession())
        #expect(state.travelledTo == nil)
        #expect(state.message?.contains("timeTravelReducer") == true)
    }

    @Test func qQuitsWithZeroAndCtrlCWith130EvenWhileTypingAFilter() throws {
        let state = try todoSession()
        guard case .quit(0) = InspectorKeys.outcome(for: .character("q"), in: state) else {
            Issue.record("q should quit with 0")
            return
        }
        let typing = press(.character("/"), in: state)
        guard case .quit(130) = InspectorKeys.outcome(for: .ctrl("c"), in: typing) else {
            Issue.record("Ctrl-C should quit with 130")
            return
        }
        guard case .action(let action) = InspectorKeys.outcome(for: .character("q"), in: typing) else {
            Issue.record("q while typing a filter should be typed")
            return
        }
        #expect(inspectorViewReducer(action: action, state: typing).filterField?.text == "q")
    }

    @Test func theListKeepsABoundedNumberOfRows() throws {
        let events = try (1...(InspectorViewState.entryLimit + 10)).map {
            try event(
                #"{"type":"action","seq":\#($0),"action":"Tick","payload":{},"durationNs":1,"diff":[]}"#)
        }
        let state = inspectorViewReducer(action: EventsReceived(events: events), state: nil)
        #expect(state.entries.count == InspectorViewState.entryLimit)
        #expect(state.droppedEntries == 10)
        #expect(state.entries.first?.action?.seq == 11)
    }

    @Test func textFromTheAppIsDrawnWithControlCharactersMadeVisible() throws {
        let hostile = try event(
            #"{"type":"action","seq":1,"action":"Add\u001b[2J","payload":{"title":"\u001b]0;owned\u0007"},"durationNs":1,"diff":[]}"#
        )
        let state = inspectorViewReducer(action: EventsReceived(events: [hostile]), state: nil)
        let lines = InspectorScreenView.lines(state: state, size: TerminalSize(columns: 100, rows: 14))
        let text = lines.map(\.plainText).joined()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}

/// Commands the middleware sent.
private final class Recorded: @unchecked Sendable {
    // @unchecked Sendable: used from the test's thread only (the store dispatches synchronously).
    private(set) var all: [String] = []

    func append(_ command: String) -> String? {
        all.append(command)
        return nil
    }
}

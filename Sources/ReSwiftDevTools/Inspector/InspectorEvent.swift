import Foundation
import ReSwift
import ReSwiftDiff

// The inspector protocol: JSON Lines over the socket, one object per line, keys sorted.
//
// From the app:
//   {"type":"hello","app":"todo","pid":4242,"protocol":1,"stateType":"TodoModel.TodoAppState",
//    "started":1795939200.5,"timeTravel":false}
//   {"type":"action","seq":1,"action":"AddTodo","actionType":"TodoModel.AddTodo",
//    "payload":{"title":"milk"},"time":1795939201.25,"durationNs":41000,
//    "callSite":"TodoTerminal/TodoListView.swift:42",   (when the store knew where it was dispatched)
//    "diff":[{"path":"list.items[0]","after":"TodoItem(…)"}]}
//     ("description":"…" instead of "payload" when the action isn't Encodable;
//      "state":{…} too when the connection asked for states)
//   {"type":"state","seq":1,"state":{…}}        ("description" when the state isn't Encodable)
//     (time-travel apps: the present state, diffs of the present state, and "historyIndex":n in
//      action and state events: the number of the history's step the app shows then, which
//      {"command":"jump"} takes to come back to that moment. A step's number stays the same when
//      a bounded history drops older steps; a jump to a dropped step is answered with an error.)
//   {"type":"gap","lost":120}                   events this connection missed since the last one
//   {"type":"paused"} / {"type":"resumed"} / {"type":"states","on":true}
//   {"type":"error","message":"…"}
//
// From the inspector: {"command":"pause"}, {"command":"resume"}, {"command":"state"},
// {"command":"states","on":true}, {"command":"jump","index":3} (time travel only).

/// A value as the protocol carries it: as JSON when it is `Encodable`, else described.
struct InspectedValue: Encodable {
    let value: Any

    func encode(to encoder: any Encoder) throws {
        if let encodable = value as? any Encodable {
            try encodable.encode(to: encoder)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(StateDiff.describe(value))
        }
    }

    var isEncodable: Bool { value is any Encodable }
}

/// One action the store handled, as captured on the dispatching thread.
struct CapturedAction {
    var seq: UInt64
    var action: Action
    var before: Any?
    var after: Any?
    var time: Double
    var durationNs: UInt64
    /// Where the action was dispatched (`File.swift:42`), when the store knew it.
    var callSite: String?
    /// When it was captured (`DispatchTime` uptime, nanoseconds), to tell how far encoding lags.
    var captured: UInt64 = 0
}

struct HelloEvent: Encodable {
    let type = "hello"
    var app: String
    var pid: Int32
    var `protocol` = InspectorProtocol.version
    var stateType: String
    var started: Double
    var timeTravel: Bool
}

struct ActionEvent: Encodable {
    struct Difference: Encodable {
        var path: String
        var before: String?
        var after: String?
    }

    let type = "action"
    var seq: UInt64
    var action: String
    var actionType: String
    var payload: InspectedValue?
    var description: String?
    var time: Double
    var durationNs: UInt64
    var callSite: String?
    var diff: [Difference]
    var state: InspectedValue?
    /// Where in a time-travel app's history the action left it: the step number
    /// (`TimeTravelState.currentStepNumber`) that jumps back here.
    var historyIndex: Int?

    init(_ captured: CapturedAction, includeState: Bool) {
        seq = captured.seq
        let type = Swift.type(of: captured.action)
        action = String(describing: type)
        actionType = String(reflecting: type)
        if captured.action is any Encodable {
            payload = InspectedValue(value: captured.action)
        } else {
            description = StateDiff.describe(captured.action)
        }
        time = captured.time
        durationNs = captured.durationNs
        callSite = captured.callSite
        // A time-travel app's changes are those of its present state, not of its whole history.
        let history = captured.after.flatMap { $0 as? any TimeTravelInspectable }
        historyIndex = history?.inspectedHistoryIndex
        let before = captured.before.map(Self.present)
        let after = captured.after.map(Self.present)
        let differences: [StateDifference]
        if let before, let after {
            differences = StateDiff.differences(before, after)
        } else {
            differences = StateDiff.differences(before, after)
        }
        diff = differences.map { Difference(path: $0.path, before: $0.before, after: $0.after) }
        state = includeState ? after.map { InspectedValue(value: $0) } : nil
    }

    private static func present(_ state: Any) -> Any {
        (state as? any TimeTravelInspectable)?.inspectedPresent ?? state
    }
}

struct StateEvent: Encodable {
    let type = "state"
    var seq: UInt64
    var state: InspectedValue?
    var description: String?
    var historyIndex: Int?

    init(seq: UInt64, state: Any?, historyIndex: Int? = nil) {
        self.seq = seq
        self.historyIndex = historyIndex
        guard let state else { return }
        let value = InspectedValue(value: state)
        if value.isEncodable {
            self.state = value
        } else {
            description = StateDiff.describe(state)
        }
    }
}

struct GapEvent: Encodable {
    let type = "gap"
    var lost: UInt64
}

struct NoticeEvent: Encodable {
    var type: String
    var on: Bool?
    var message: String?
}

/// A command from the inspector.
struct InspectorCommand: Decodable {
    var command: String
    var on: Bool?
    var index: Int?
}

/// The protocol's constants.
public enum InspectorProtocol {
    /// The protocol version a hello announces.
    public static let version = 1

    /// The longest line either side sends, without its newline: 16 MiB. An app answers a
    /// request for a state larger than this with an error, and ``InspectorClient`` throws for
    /// a longer line instead of keeping it.
    public static let maximumLineLength = 16 << 20

    static func encode<Event: Encodable>(_ event: Event) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(event)
            data.append(0x0A)
            return data
        } catch {
            let notice = NoticeEvent(type: "error", message: "Could not encode an event: \(error)")
            var fallback = (try? encoder.encode(notice)) ?? Data()
            fallback.append(0x0A)
            return fallback
        }
    }
}

import Foundation

/// A session `reswift-inspect record` wrote: the hello, the initial state, and each action with
/// its payload and the state after it, as JSON text.
struct SessionFile {
    struct RecordedAction {
        var seq: Int
        var name: String
        var type: String
        var payloadJSON: String
        var stateJSON: String
    }

    var app: String
    var stateType: String
    var initialStateJSON: String
    var actions: [RecordedAction]

    init(contentsOf path: String) throws {
        let data: Data
        do {
            data = try UserFiles.contents(of: path)
        } catch {
            throw InspectError(description: "Can't read \(path): \(error.localizedDescription)")
        }
        try self.init(data: data, name: path)
    }

    /// What the reading left out or repaired, one sentence each, for standard error: lines
    /// skipped (actions already in the initial state, a last line cut off mid-write).
    var notes: [String] = []

    init(data: Data, name: String) throws {
        var hello: [String: Any]?
        var initial: (seq: Int, json: String)?
        var actions: [RecordedAction] = []
        var lineOfSeq: [Int: Int] = [:]
        var alreadyInInitialState: [Int] = []
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (number, line) in lines.enumerated() where !line.isEmpty {
            func fail(_ problem: String) -> InspectError {
                InspectError(description: "\(name), line \(number + 1): \(problem)")
            }
            guard let event = Self.object(line) else {
                if number == lines.count - 1 && data.last != 0x0A && hello != nil {
                    notes.append(
                        "\(name), line \(number + 1): the last line was cut off (the recording stopped in the "
                            + "middle of writing it: a full disk, or the recorder was killed); it is left out."
                    )
                    break
                }
                throw fail("not a JSON object; is this a session from reswift-inspect record?")
            }
            switch event["type"] as? String {
            case "hello":
                hello = event
            case "state":
                guard initial == nil else { continue }
                guard let state = event["state"] else {
                    throw fail("the app's state isn't Codable, so a test can't rebuild it")
                }
                initial = (try Self.seq(of: event, what: "the state", fail: fail), try Self.json(state))
            case "action":
                let seq = try Self.seq(of: event, what: "the action", fail: fail)
                guard let initial, seq > initial.seq else {  // before the initial state: already in it
                    alreadyInInitialState.append(number + 1)
                    continue
                }
                if let earlier = lineOfSeq[seq] {
                    throw fail(
                        "action #\(seq) is in the session twice (lines \(earlier) and \(number + 1)); "
                            + "was the session edited or put together from two recordings? Record it again.")
                }
                if let last = actions.last, seq < last.seq {
                    throw fail(
                        "action #\(seq) comes after #\(last.seq) (line \(lineOfSeq[last.seq] ?? 0)), out of order; "
                            + "was the session edited? Record it again.")
                }
                lineOfSeq[seq] = number + 1
                let name = event["action"] as? String ?? "?"
                guard let payload = event["payload"] else {
                    throw fail("action #\(seq) (\(name)) isn't Codable, so a test can't send it again")
                }
                guard let state = event["state"] else {
                    throw fail("action #\(seq) was recorded without the state after it")
                }
                actions.append(
                    RecordedAction(
                        seq: seq, name: name, type: event["actionType"] as? String ?? name,
                        payloadJSON: try Self.json(payload), stateJSON: try Self.json(state)))
            case "gap":
                let lost = (event["lost"] as? Int).map(String.init) ?? "some"
                throw fail("\(lost) events were lost while recording; record the session again")
            default:
                continue
            }
        }
        guard let hello, let stateType = hello["stateType"] as? String else {
            throw InspectError(
                description: "\(name) has no hello line; is it a session from reswift-inspect record?")
        }
        guard let initial else {
            throw InspectError(
                description: "\(name) has no initial state; record it with reswift-inspect record.")
        }
        if let first = alreadyInInitialState.first, let last = alreadyInInitialState.last {
            let numbers = alreadyInInitialState.map(String.init)
            let lines =
                numbers.count == 1
                ? "line \(first)"
                : numbers.count <= 5
                    ? "lines " + numbers.dropLast().joined(separator: ", ") + " and \(last)"
                    : "lines \(first) to \(last)"
            let count = alreadyInInitialState.count
            notes.insert(
                "\(name): skipped \(count) action\(count == 1 ? "" : "s") (\(lines)) recorded before the initial "
                    + "state, which already holds \(count == 1 ? "its" : "their") changes.", at: 0)
        }
        self.app = hello["app"] as? String ?? "app"
        self.stateType = stateType
        self.initialStateJSON = initial.json
        self.actions = actions
    }

    /// The JSON object on one line of a session. A byte order mark inside a string is escaped
    /// first: Foundation's parser drops one that starts a string's run of unescaped characters,
    /// and the test must send the text as it was recorded.
    static func object(_ line: Data.SubSequence) -> [String: Any]? {
        var bytes = Data(line)
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.contains(mark[0]) {
            var escaped = Data(capacity: bytes.count + 16)
            var index = bytes.startIndex
            while index < bytes.endIndex {
                if bytes[index...].starts(with: mark) {
                    escaped.append(contentsOf: Array(#"\ufeff"#.utf8))
                    index += 3
                } else {
                    escaped.append(bytes[index])
                    index += 1
                }
            }
            bytes = escaped
        }
        return try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
    }

    /// The event's `seq`: a whole number from 0 up.
    private static func seq(of event: [String: Any], what: String, fail: (String) -> InspectError) throws
        -> Int
    {
        guard let value = event["seq"] else {
            throw fail(
                "\(what) has no seq, the number the app gave it; was the session edited? Record it again.")
        }
        // An exact whole number only: not 1e30, 2^63 or "5".
        if let seq = value as? Int, seq >= 0 { return seq }
        let shown = (try? json(value)) ?? "\(value)"
        throw fail(
            "\(what)'s seq is \(shown), not a whole number from 0 up; was the session edited? Record it again."
        )
    }

    private static func json(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}

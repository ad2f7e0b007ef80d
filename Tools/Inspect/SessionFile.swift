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

    init(data: Data, name: String) throws {
        var hello: [String: Any]?
        var initial: (seq: Int, json: String)?
        var actions: [RecordedAction] = []
        for (number, line) in data.split(separator: 0x0A).enumerated() {
            func fail(_ problem: String) -> InspectError {
                InspectError(description: "\(name), line \(number + 1): \(problem)")
            }
            guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
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
                initial = (event["seq"] as? Int ?? 0, try Self.json(state))
            case "action":
                guard let initial else { continue }  // before the initial state: already in it
                let seq = event["seq"] as? Int ?? 0
                guard seq > initial.seq else { continue }
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
        self.app = hello["app"] as? String ?? "app"
        self.stateType = stateType
        self.initialStateJSON = initial.json
        self.actions = actions
    }

    private static func json(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}

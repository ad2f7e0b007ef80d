import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tail` and `record`: read an app's events until it ends.
enum StreamCommand {
    static func tail(socketPath: String, jsonLines: Bool) throws -> Int32 {
        let client = try InspectorClient(socketPath: socketPath)
        var sawHello = false
        while let line = try client.nextLine() {
            let text = String(decoding: line, as: UTF8.self)
            if jsonLines {
                standardOutput(TerminalText.safeJSONLine(text))
                sawHello = true
                continue
            }
            guard let event = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                continue
            }
            if event["type"] as? String == "hello" {
                sawHello = true
                standardError(EventFormatter.attached(event))
            } else if let formatted = EventFormatter.line(for: event) {
                standardOutput(formatted)
            }
        }
        return finish(sawHello: sawHello)
    }

    static func record(socketPath: String, to file: String) throws -> Int32 {
        let (fd, isNew) = try UserFiles.openForWriting(file, contents: "the recording")
        defer { close(fd) }
        let client: InspectorClient
        do {
            client = try InspectorClient(socketPath: socketPath)
        } catch {
            if isNew { unlink(file) }  // created just now, empty, by this call
            throw error
        }
        try client.send(#"{"command":"states","on":true}"#)
        try client.send(#"{"command":"state"}"#)
        var actions = 0
        var sawHello = false
        var length: off_t = 0
        // Ctrl-C is how a recording is usually stopped: say what was recorded, then exit 130.
        let recorded = Locked(0)
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler {
            let count = recorded.withLock { $0 }
            standardError("Recorded \(count) actions to \(file) (stopped with Ctrl-C).")
            ProgramOutput.exit(130)
        }
        interrupt.resume()
        defer { interrupt.cancel() }
        while let line = try client.nextLine() {
            var bytes = line
            bytes.append(0x0A)
            do {
                try UserFiles.writeAll(fd, bytes)
                length += off_t(bytes.count)
            } catch {
                // Leave whole lines only: the session stays readable up to the last action written.
                _ = ftruncate(fd, length)
                let reason = (error as? UserFiles.Refusal)?.reason ?? "\(error)"
                throw InspectError(
                    description: "Can't write \(file): \(reason). It holds the \(actions) actions recorded "
                        + "before; make room and record again.")
            }
            guard let event = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                continue
            }
            switch event["type"] as? String {
            case "hello":
                sawHello = true
                standardError(EventFormatter.attached(event) + " Recording to \(file).")
            case "action":
                actions += 1
                recorded.withLock { $0 = actions }
            case "gap":
                let lost = (event["lost"] as? Int).map(String.init) ?? "some"
                standardError("reswift-inspect: \(lost) events were lost; the session has a gap.")
            default:
                break
            }
        }
        if sawHello { standardError("Recorded \(actions) actions to \(file).") }
        return finish(sawHello: sawHello)
    }

    private static func finish(sawHello: Bool) -> Int32 {
        guard sawHello else {
            standardError(
                "reswift-inspect: the app closed the connection without a greeting (is it another user's?).")
            return 1
        }
        standardError("The app ended the connection.")
        return 0
    }
}

/// Turns protocol events into the lines `tail` prints.
enum EventFormatter {
    static func attached(_ hello: [String: Any]) -> String {
        let app = TerminalText.sanitized(hello["app"] as? String ?? "?")
        let state = TerminalText.sanitized(hello["stateType"] as? String ?? "?")
        return "Attached to \(app) (pid \(hello["pid"] as? Int ?? 0)), state \(state)."
    }

    /// One line for an action or gap event; `nil` for events `tail` doesn't show.
    static func line(for event: [String: Any]) -> String? {
        switch event["type"] as? String {
        case "action":
            var parts = [
                "#\(event["seq"] as? Int ?? 0)",
                TerminalText.sanitized(event["action"] as? String ?? "?"),
                duration(event["durationNs"] as? Int ?? 0),
            ]
            if let site = event["callSite"] as? String { parts.append("at " + TerminalText.sanitized(site)) }
            parts.append(summary(of: event["diff"] as? [[String: Any]] ?? []))
            return parts.joined(separator: "  ")
        case "gap":
            return "… \(event["lost"] as? Int ?? 0) events lost (the inspector fell behind)"
        case "error":
            return "error: " + TerminalText.sanitized(event["message"] as? String ?? "")
        default:
            return nil
        }
    }

    static func duration(_ nanoseconds: Int) -> String {
        if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
        if nanoseconds < 1_000_000 { return "\(nanoseconds / 1_000)µs" }
        return String(format: "%.1fms", Double(nanoseconds) / 1_000_000)
    }

    /// The first difference, shortened, and how many more there are.
    static func summary(of diff: [[String: Any]]) -> String {
        guard let first = diff.first else { return "(no state change)" }
        let path = first["path"] as? String ?? ""
        let shownPath = path.isEmpty ? "(root)" : path
        var text: String
        switch (first["before"] as? String, first["after"] as? String) {
        case (let before?, let after?): text = "\(shownPath): \(before) → \(after)"
        case (nil, let after?): text = "+ \(shownPath): \(after)"
        case (let before?, nil): text = "- \(shownPath): \(before)"
        case (nil, nil): text = shownPath
        }
        text = TerminalText.sanitized(text)
        if text.count > 80 { text = String(text.prefix(79)) + "…" }
        if diff.count > 1 { text += " (+\(diff.count - 1) more)" }
        return text
    }
}

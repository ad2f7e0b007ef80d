import Foundation
import ReSwiftDevTools
import TerminalUI

/// Why an app could not be picked.
struct FindError: Error, CustomStringConvertible {
    var description: String
}

enum ListCommand {
    /// The lines of `reswift-inspect list`: a header, then app, pid and start time per process.
    static func lines(environment: [String: String]) throws -> [String] {
        let processes = try InspectableProcess.all(environment: environment)
        guard !processes.isEmpty else {
            return ["No inspectable apps. Start one with RESWIFT_INSPECT=1."]
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let width = max(3, processes.map { displayName($0).count }.max() ?? 0)
        var lines = ["APP".padding(toLength: width, withPad: " ", startingAt: 0) + "  PID      STARTED"]
        for process in processes {
            let name = displayName(process).padding(toLength: width, withPad: " ", startingAt: 0)
            let pid = String(process.pid).padding(toLength: 7, withPad: " ", startingAt: 0)
            lines.append("\(name)  \(pid)  \(formatter.string(from: process.started))")
        }
        return lines
    }

    private static func displayName(_ process: InspectableProcess) -> String {
        TerminalText.sanitized(process.instance == 1 ? process.app : "\(process.app)#\(process.instance)")
    }
}

enum ProcessFinder {
    /// The process a pid or an app name means; an app name must match exactly one process.
    static func find(_ target: String, environment: [String: String]) throws -> InspectableProcess {
        let processes = try InspectableProcess.all(environment: environment)
        let matches: [InspectableProcess]
        if let pid = Int32(target) {
            matches = processes.filter { $0.pid == pid }
        } else {
            matches = processes.filter { $0.app == target }
        }
        guard let first = matches.first else {
            throw FindError(
                description: """
                    No inspectable app \(TerminalText.sanitized(target)). Run "reswift-inspect list" to see them; \
                    an app is inspectable when it runs with RESWIFT_INSPECT=1.
                    """)
        }
        let pids = Set(matches.map(\.pid))
        guard pids.count == 1 else {
            let list = pids.sorted().map(String.init).joined(separator: ", ")
            throw FindError(
                description:
                    "Several \(TerminalText.sanitized(target)) apps run (pids \(list)); name one by its pid.")
        }
        return first
    }
}

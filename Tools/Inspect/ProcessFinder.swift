import ArgumentParsing
import Foundation
import ReSwiftDevTools
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why reswift-inspect could not go on (a file it can't read or write, a session it can't use):
/// the message, without the program's name.
struct InspectError: Error, CustomStringConvertible {
    var description: String
}

/// Why an app could not be picked. Its description is the message, without the program's name;
/// a word from the command line is quoted (``Quoting``), and ProgramOutput shows its control
/// characters as placeholders.
enum ProcessLookupError: Error, Equatable, CustomStringConvertible {
    /// No inspectable process runs under this app name.
    case noApp(String)
    /// No process has this pid.
    case noProcess(Int32)
    /// A process of the user's has this pid, but it has no inspector socket.
    case notInspectable(Int32)
    /// A process of another user's has this pid: only the user's own apps can be inspected.
    case otherUsers(Int32)
    /// Several processes run under this app name.
    case several(String, pids: [Int32])

    var description: String {
        let list = "Run \"reswift-inspect list\" to see the inspectable apps."
        switch self {
        case .noApp(let name):
            return """
                no inspectable app \(Quoting.quoted(name)). Run "reswift-inspect list" to see them; \
                an app is inspectable when it runs with RESWIFT_INSPECT=1.
                """
        case .noProcess(let pid):
            return "no inspectable process \(pid): no process has that pid. \(list)"
        case .notInspectable(let pid):
            return """
                no inspectable process \(pid): it runs without the inspector. Start the app with \
                RESWIFT_INSPECT=1 (its store must install createInspectorMiddleware(app:)). \(list)
                """
        case .otherUsers(let pid):
            return
                "no inspectable process \(pid): it is another user's; only your own apps can be inspected. \(list)"
        case .several(let name, let pids):
            let list = pids.map(String.init).joined(separator: ", ")
            return "several \(Quoting.quoted(name)) apps run (pids \(list)); name one by its pid."
        }
    }
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
            guard let pid = Int32(target) else { throw ProcessLookupError.noApp(target) }
            throw processState(pid)
        }
        let pids = Set(matches.map(\.pid))
        guard pids.count == 1 else { throw ProcessLookupError.several(target, pids: pids.sorted()) }
        return first
    }

    /// Why a pid with no inspector socket can't be inspected: no such process, another user's,
    /// or one of the user's that runs without the inspector.
    private static func processState(_ pid: Int32) -> ProcessLookupError {
        // kill(0) and kill(-n) would address process groups, not a process.
        guard pid > 0 else { return .noProcess(pid) }
        if kill(pid, 0) == 0 { return .notInspectable(pid) }
        return errno == EPERM ? .otherUsers(pid) : .noProcess(pid)
    }
}

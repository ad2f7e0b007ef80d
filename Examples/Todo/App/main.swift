import Foundation
import ReSwift
import ReSwiftDevTools
import TerminalUI
import TodoTerminal

// `todo`: the ReSwift 101 todo list. The wiring is in TodoTerminal; see `todo --help`. With
// RESWIFT_PROFILE=1 every store reports its dispatches to a profiler, whose table is printed to
// standard error once the terminal is restored. Everything is written through ProgramOutput, so a
// failed write ends with exit status 1 and a message rather than a crash; the library's own
// messages (the inspector's, persistence's) take the same path.
ProgramOutput.start(program: "todo")
LibraryOutput.route { ProgramOutput.error($0) }
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await TodoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
if let profiler { ProgramOutput.error(profiler.report().table + "\n") }
ProgramOutput.exit(status)

import Foundation
import MemoryGameTerminal
import ReSwift
import ReSwiftDevTools
import TerminalUI

// `memory-game`: the wiring is MemoryGameCommand, in MemoryGameTerminal. With RESWIFT_PROFILE=1 every
// store reports its dispatches to a profiler, whose table is printed once the terminal is restored.
// Everything is written through ProgramOutput, so a failed write ends with exit status 1 and a
// message rather than a crash; the library's own messages (the inspector's, persistence's) take
// the same path.
ProgramOutput.start(program: "memory-game")
LibraryOutput.route { ProgramOutput.error($0) }
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await MemoryGameCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
if let profiler { ProgramOutput.error(profiler.report().table + "\n") }
ProgramOutput.exit(status)

import Foundation
import LibraryFinderTerminal
import ReSwift
import ReSwiftDevTools
import TerminalUI

// `library-finder`: the model is LibraryFinderModel, the terminal app LibraryFinderTerminal; see `library-finder --help`. With
// RESWIFT_PROFILE=1 every store reports its dispatches to a profiler, whose table is printed to
// standard error once the terminal is restored. Everything is written through ProgramOutput, so a
// failed write ends with exit status 1 and a message rather than a crash; the library's own
// messages (the inspector's, persistence's) take the same path.
ProgramOutput.start(program: "library-finder")
LibraryOutput.route { ProgramOutput.error($0) }
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await LibraryFinderCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
if let profiler { ProgramOutput.error(profiler.report().table + "\n") }
ProgramOutput.exit(status)

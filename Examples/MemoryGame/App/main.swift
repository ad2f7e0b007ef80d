import Foundation
import MemoryGameCore
import ReSwift
import ReSwiftDevTools

// `memory-game`: the wiring is MemoryGameCommand, in MemoryGameCore. With RESWIFT_PROFILE=1 every
// store reports its dispatches to a profiler, whose table is printed once the terminal is restored.
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await MemoryGameCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
profiler?.printReport()
exit(status)

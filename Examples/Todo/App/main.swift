import Foundation
import ReSwift
import ReSwiftDevTools
import TodoCore

// `todo`: the ReSwift 101 todo list. Everything is in TodoCore; see `todo --help`. With
// RESWIFT_PROFILE=1 every store reports its dispatches to a profiler, whose table is printed to
// standard error once the terminal is restored.
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await TodoCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()))
profiler?.printReport()
exit(status)

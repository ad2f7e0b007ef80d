import Foundation
import LibraryFinderCore
import ReSwift
import ReSwiftDevTools

// `library-finder`: everything is in LibraryFinderCore; see `library-finder --help`. With
// RESWIFT_PROFILE=1 every store reports its dispatches to a profiler, whose table is printed to
// standard error once the terminal is restored.
let profiler = DispatchProfiler.fromEnvironment()
ReSwiftHooks.defaultInstrumentation = profiler
let status = await LibraryFinderCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
profiler?.printReport()
exit(status)

// reswift-bench: the store's performance beside hand-written floors.
//
//   swift run -c release reswift-bench           full run
//   swift run -c release reswift-bench --quick   a short run (CI uses it so the benchmark can't rot)
//   swift run -c release reswift-bench --json    the results as JSON, for scripts

import Foundation
import ReSwift
import TerminalUI

// Everything is written through ProgramOutput: messages sanitized, a failed write exit status 1.
ProgramOutput.start(program: "reswift-bench")
LibraryOutput.route { ProgramOutput.error($0) }
ProgramOutput.exit(await BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))

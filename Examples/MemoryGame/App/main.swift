import Foundation
import MemoryGameCore

// `memory-game`: the memory card game. The wiring is MemoryGameCommand, in MemoryGameCore.
exit(await MemoryGameCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))

import Foundation

struct Card: Equatable {
    var symbol: String
    var isFaceUp = false
}

struct Game: Equatable {
    var cards: [Card] = []
    var misses = 0
    var bestScore: Int?
}

struct AppState: Equatable {
    var game = Game()
    var title = "Memory"
}

enum Phase: Equatable {
    case idle
    case playing(score: Int, lives: Int)
    case finished(Game)
    case failed(String, code: Int)
}

enum Counter {
    case counting(count: Int)
}

enum Mood: CustomStringConvertible {
    case happy

    var description: String { "😀" }
}

struct Labeled<Value> {
    var value: Value
}

final class Node {
    var name: String
    var next: Node?

    init(name: String, next: Node? = nil) {
        self.name = name
        self.next = next
    }
}

class Animal {
    var legs: Int

    init(legs: Int) { self.legs = legs }
}

final class Dog: Animal {
    var name: String

    init(name: String, legs: Int) {
        self.name = name
        super.init(legs: legs)
    }
}

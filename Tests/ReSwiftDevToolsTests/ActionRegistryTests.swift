import ReSwift
import ReSwiftDevTools
import Testing

@Suite struct ActionRegistryTests {
    struct Box<Value: Codable>: Action, Codable {
        var value: Value
    }

    @Test func registersTypesUnderTheirNames() {
        #expect(todoRegistry.registeredNames == ["AddTodo", "SetFilter", "ToggleTodo"])
        var registry = ActionRegistry()
        registry.register(Box<Int>.self)
        #expect(registry.registeredNames == ["Box<Int>"])
    }

    @Test func knowsWhichActionsAreRegistered() {
        #expect(todoRegistry.isRegistered(AddTodo(title: "a")))
        #expect(!todoRegistry.isRegistered(Refresh()))
        #expect(!todoRegistry.isRegistered(ReSwiftInit()))
    }

    @Test func registeringUnderAnotherNameReplacesTheOldName() {
        var registry = ActionRegistry(AddTodo.self)
        registry.register(AddTodo.self, as: "todo.add")
        #expect(registry.registeredNames == ["todo.add"])
        #expect(registry.isRegistered(AddTodo(title: "a")))
    }
}

/// An event that describes a change to the application's state.
///
/// Actions are plain values: the store hands each one to its middleware and then to the reducer,
/// which computes the next state from it. Define them as structs or enums:
///
/// ```swift
/// struct ChangeCategoryAction: Action {
///     let categoryIndex: Int
/// }
/// ```
public protocol Action {}

/// The action a store reduces first when it is created without an initial state.
///
/// Reducers should return their default state when they receive it with a `nil` state.
public struct ReSwiftInit: Action {
    /// Creates the initial action.
    public init() {}
}

/// A marker protocol for application state, kept so that code written for ReSwift 6 compiles.
///
/// Stores don't require their state to conform to it; any type can be a store's state.
public protocol StateType {}

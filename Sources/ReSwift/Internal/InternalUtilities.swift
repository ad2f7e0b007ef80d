// The package's lock, its message writer (`LibraryOutput`) and signal chaining live in the
// internal leaf target below every module, so that ReSwift, its satellites and the Support
// targets share one copy. Re-exported so that the modules, tests and executables that import
// ReSwift see the leaf's `package` declarations (`LibraryOutput`) as they saw ReSwift's own;
// nothing in it is public, so ReSwift's users see nothing new.
@_spi(ReSwiftInternal) @_exported import InternalReSwiftUtilities

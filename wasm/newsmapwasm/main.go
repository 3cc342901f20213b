package main

// main is required of a main package but never runs in a reactor: the
// host calls _initialize and then the exported functions (doc.go). On
// other platforms the package builds so that its call is tested natively.
func main() {}

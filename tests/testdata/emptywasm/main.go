// Command emptywasm is the smallest Go WebAssembly reactor: no code of its
// own, only Go's runtime. BenchmarkPopupGoFloor swaps it in for
// classify.wasm to measure what any Go module costs the popup.
package main

func main() {}

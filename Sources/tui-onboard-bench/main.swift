// `tui-onboard-bench [NAME...]`: runs the named benchmarks (all when none is named) and prints
// figures. Each benchmark lives in its own file and registers itself in `Benchmarks.all`.
import Foundation

let requested = Set(CommandLine.arguments.dropFirst())
for benchmark in Benchmarks.all where requested.isEmpty || requested.contains(benchmark.name) {
    print("== \(benchmark.name)")
    benchmark.run()
    print("")
}

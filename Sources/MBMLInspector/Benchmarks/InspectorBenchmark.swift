import Foundation
import MBMLEngine

/// Measures the inspector's keystroke-to-frame time: a key goes through the reducer, the text is
/// parsed and evaluated in all four contexts (synchronously, as the background queue would), and
/// the whole frame is drawn into a ``BufferScreen``. `mbml bench` reports its p50 and p99; the goal
/// is p99 under 16 ms (one frame at 60 Hz).
public enum InspectorBenchmark {
    /// Timings in milliseconds.
    public struct Result: Sendable, CustomStringConvertible {
        /// How many nodes the generated space holds.
        public var nodes: Int
        /// One sample per keystroke: key to finished frame, the four evaluations included.
        public var samples: [Double]
        /// The part of each sample spent in the four evaluations (in the interactive inspector
        /// they run on a background queue, so a frame never waits for them).
        public var evaluationSamples: [Double]

        public init(nodes: Int, samples: [Double], evaluationSamples: [Double]? = nil) {
            self.nodes = nodes
            self.samples = samples
            self.evaluationSamples = evaluationSamples ?? samples.map { _ in 0 }
        }

        public var p50: Double { percentile(0.50) }
        public var p99: Double { percentile(0.99) }
        public var maximum: Double { samples.max() ?? 0 }

        /// Each sample without its evaluations: reducer, parse and render, what the interactive
        /// loop waits for.
        public var frameSamples: [Double] {
            zip(samples, evaluationSamples).map { max($0 - $1, 0) }
        }

        /// The sample below which `fraction` of the samples lie (nearest rank).
        public func percentile(_ fraction: Double) -> Double {
            Self.percentile(fraction, of: samples)
        }

        /// The nearest-rank percentile of `values`.
        public static func percentile(_ fraction: Double, of values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }

        /// How many keystrokes took longer than a 60 Hz frame (16 ms).
        public var overFrameBudget: Int { samples.filter { $0 > 16 }.count }

        public var description: String {
            String(
                format:
                    "inspector keystroke-to-frame (%d nodes, %d keystrokes): p50 %.2f ms, p99 %.2f ms, max %.2f ms, %d over 16 ms"
                    + "; evaluations alone p50 %.2f ms, p99 %.2f ms; reducer+parse+render alone p50 %.2f ms, p99 %.2f ms",
                nodes, samples.count, p50, p99, maximum, overFrameBudget,
                Self.percentile(0.5, of: evaluationSamples), Self.percentile(0.99, of: evaluationSamples),
                Self.percentile(0.5, of: frameSamples), Self.percentile(0.99, of: frameSamples))
        }
    }

    /// The expressions typed, one key at a time (Ctrl-U clears between them).
    public static let expressions = [
        "$products.count",
        "$products[4242].name",
        "#($products[77].price * 3 + 1)",
        "$products[1234].id == 1234 -AND $settings.enabled",
        "^count($products)",
        "Item: $products[99].name costs $products[99].price",
        "^join(^keys($settings)|, )",
        "${products[5].tags[1]}",
    ]

    /// Replays `keystrokes` key presses against a generated space of about `nodes` nodes and
    /// times each one from key to finished frame.
    /// - Parameters:
    ///   - rows: the size of the simulated terminal.
    ///   - columns: the size of the simulated terminal.
    public static func keystrokeToFrame(
        nodes: Int = 100_000, keystrokes: Int = 500, rows: Int = 40,
        columns: Int = 120
    ) -> Result {
        let (environment, count) = generatedSpace(nodes: nodes)
        let session = InspectorSession(
            engine: EngineController(environment: environment),
            size: TerminalSize(rows: rows, columns: columns))
        session.start()
        let screen = BufferScreen(rows: rows, columns: columns)
        // Open the big array so that the tree draws some of its 20,000 rows every frame.
        session.press(.backTab)
        for _ in 0..<3 { session.press(.down) }
        session.press(.right)
        session.press(.escape)
        session.render(on: screen)

        let keys = keySequence(count: keystrokes)
        var samples: [Double] = []
        var evaluations: [Double] = []
        samples.reserveCapacity(keys.count)
        for key in keys {
            session.synchronousEvaluationTime = 0
            let start = DispatchTime.now().uptimeNanoseconds
            session.press(key)
            session.render(on: screen)
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / 1_000_000)
            evaluations.append(session.synchronousEvaluationTime * 1000)
        }
        return Result(nodes: count, samples: samples, evaluationSamples: evaluations)
    }

    /// The keys typed: each expression character by character, then Ctrl-U, repeated.
    static func keySequence(count: Int) -> [Key] {
        var keys: [Key] = []
        while keys.count < count {
            for expression in expressions {
                keys += expression.map { Key.character($0) }
                keys.append(.control("u"))
            }
        }
        return Array(keys.prefix(count))
    }

    /// A space of about `nodes` nodes: `$products`, an array of dictionaries (id, name, price,
    /// tags), plus `$settings`.
    /// - Returns: the environment and the exact node count.
    public static func generatedSpace(nodes: Int) -> (Environment, Int) {
        // Each product is 1 dictionary + 3 scalars + 1 array + 2 tags = 7 nodes.
        let productCount = max(nodes / 7, 1)
        var products: [Value] = []
        products.reserveCapacity(productCount)
        for index in 0..<productCount {
            let product: Value = [
                "id": .integer(index),
                "name": .string("Product \(index)"),
                "price": .decimal(Decimal(index % 1000) + Decimal(sign: .plus, exponent: -2, significand: 99)),
                "tags": .array([.string("tag\(index % 17)"), .string(index % 2 == 0 ? "even" : "odd")]),
            ]
            products.append(product)
        }
        let settings: Value = ["enabled": .boolean(true), "currency": "EUR", "pageSize": .integer(50)]
        let environment = Environment()
        environment.variables.declare("products", value: .array(products))
        environment.variables.declare("settings", value: settings)
        return (environment, 1 + productCount * 7 + 4)
    }
}

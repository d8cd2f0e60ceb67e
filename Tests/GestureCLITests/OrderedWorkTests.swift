import Foundation
import Testing

@testable import GestureCLI

/// `OrderedWork`: results in index order, at most `window` pieces started and not delivered,
/// and a stop that does not hang, whatever the pieces' durations.
@Suite struct OrderedWorkTests {
    /// Counts pieces started and not yet delivered.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var started = 0
        private var delivered = 0
        private(set) var most = 0

        func start() {
            lock.withLock {
                started += 1
                most = max(most, started - delivered)
            }
        }

        func deliver() { lock.withLock { delivered += 1 } }
    }

    @Test(arguments: [(1, nil), (2, nil), (3, 5), (4, 64)] as [(Int, Int?)])
    func deliversInOrderWithinTheWindow(_ jobs: Int, _ window: Int?) {
        let inFlight = InFlight()
        var order: [Int] = []
        var progress = 0
        OrderedWork.run(
            count: 300, jobs: jobs, window: window,
            work: { index in
                inFlight.start()
                if index % 7 == 0 { usleep(UInt32(200 + (index % 3) * 300)) }
                return index * 2
            },
            progress: { progress = max(progress, $0) },
            deliver: { index, result in
                #expect(result == index * 2)
                order.append(index)
                inFlight.deliver()
                return true
            })
        #expect(order == Array(0..<300))
        #expect(progress == 300)
        // The board lets a piece start as soon as the one `window` before it is taken, a moment
        // before its delivery is counted here.
        if jobs > 1 { #expect(inFlight.most <= max(window ?? max(8 * jobs, 32), jobs) + 1) }
    }

    @Test func stopsWhenDeliveryRefuses() {
        var delivered = 0
        OrderedWork.run(
            count: 1000, jobs: 3, window: 6, work: { index in index },
            deliver: { _, _ in
                delivered += 1
                return delivered < 10
            })
        #expect(delivered == 10)
    }
}

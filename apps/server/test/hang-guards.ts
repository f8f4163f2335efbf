/**
 * Outer bounds of the tests that start processes and drive a browser (issue 43). A test fails on what
 * the product does, never on how fast the machine runs it: every wait in those tests waits for an
 * event (a server's ready message, a response promise made before the click, a page state polled),
 * and these bounds only stop a wait that would otherwise never end. They are sized for a 2-core
 * machine at load average 30 (`npm test` runs every phase at once, and CI may share the machine),
 * where a server took over 60 s to start, Chromium over 30 s to answer and a browser flow several
 * minutes: a bound that such a machine reaches is too small, and is raised here, not in a test.
 *
 * The one place these numbers live: vitest.config.ts, startServer, launchBrowser and the browser
 * contexts read them. A test that names its own, shorter limit says beside it why no machine's speed
 * can cross it (it bounds something other than this machine's work, e.g. a fixed delay of the app).
 */
export const HANG_GUARD_MS = {
  /** One browser or system test, or one of their hooks (Vitest's testTimeout / hookTimeout). */
  test: 900_000,
  /** A process to be ready: a built server answering (migrated, seeded), Chromium started. */
  start: 300_000,
  /** One browser step: an action, a navigation, a response or a locator awaited (Playwright's default). */
  step: 240_000,
  /** A value polled until it holds (`expect.poll`, `vi.waitFor`). */
  poll: 120_000,
} as const;

/**
 * A short suffix that differs at every call: names a test creates carry it, so that the suite can
 * run twice against one server and a retry never meets what its failed attempt left behind. Call
 * it inside the test (each attempt runs the test's body again), not at module level, for names
 * the test itself creates.
 */
export function unique(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 * 36)
    .toString(36)
    .padStart(2, '0')}`;
}

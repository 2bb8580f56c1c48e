/*
 * The SWR keys a payment changes. They are the same strings features/selections and
 * features/classes use (features do not import each other), so revalidating them here refreshes
 * those pages too.
 */
export function selectionsKey(email) {
  return `/selectClass?email=${encodeURIComponent(email)}`;
}

export function enrolledClassesKey(email) {
  return `/enrolledStudent/${encodeURIComponent(email)}`;
}

export function paymentsKey(email) {
  return `/payments/${encodeURIComponent(email)}`;
}

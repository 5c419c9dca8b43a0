/**
 * The bank's nightly maintenance (23:30-00:30 KST) refuses every withdrawal, so a suite that
 * withdraws would fail when run at that hour. Such a suite (the API tests; the browser's withdrawal
 * form check, inside the window) starts its server with this clock offset:
 * near the window it moves the server's clock out of it on the same KST day (22:50-23:59 reads
 * 70 minutes earlier, 00:00-00:39 reads 40 minutes later); otherwise it is 0. Times the suite
 * compares with the server's are then taken from `s.now()`, not `Date.now()`.
 */
export function bankSafeOffset(now = Date.now()): number {
  const minute = Math.floor(((now + 9 * 3_600_000) % 86_400_000) / 60_000);
  if (minute >= 22 * 60 + 50) return -70 * 60_000;
  if (minute < 40) return 40 * 60_000;
  return 0;
}

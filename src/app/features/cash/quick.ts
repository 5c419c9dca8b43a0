/** Quick-add amounts of the deposit and withdrawal screens. */
export const CASH_QUICK = [10_000, 30_000, 50_000, 100_000, 300_000, 500_000, 1_000_000] as const;
/** Quick-add amounts of the point conversion. */
export const POINT_QUICK = [10_000, 30_000, 50_000, 100_000, 300_000, 500_000] as const;
export const MIN_CONVERT = 10_000;

import { LastSeen } from './LastSeen';

/** Under a list shown from the cache: the time of that last-seen data (one wording app-wide, see LastSeen). */
export function SeenAt({ query }: { query: { dataUpdatedAt: number; isError: boolean; data: unknown } }) {
  if (!query.data) return null;
  return <LastSeen at={query.dataUpdatedAt} stale={query.isError} />;
}

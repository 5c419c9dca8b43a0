import { createStore, clear, del, get, set } from 'idb-keyval';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import type { QueryClient } from '@tanstack/react-query';

declare const __BUILD_ID__: string;

const CACHE_KEY = 'queries';
let bound: { name: string; stop: () => void } | null = null;

const storeName = (prefix: string, memId: string) => `pitboss-${prefix}-${memId}`;
const storeFor = (name: string) => createStore(name, 'cache');

// the kept lists of the member a signed-in start expects, read while the app's code loads
let ahead: { name: string; store: ReturnType<typeof storeFor>; read: Promise<string | null> } | null = null;

/** Starts reading a member's kept lists from the device; only `bindPersist` for that same member uses them. */
export function readAhead(prefix: string, memId: string) {
  const name = storeName(prefix, memId);
  const store = storeFor(name);
  ahead = { name, store, read: get<string>(CACHE_KEY, store).then((v) => v ?? null) };
  ahead.read.catch(() => undefined);
}

/**
 * Persists one user's queries (keys `['site', prefix, 'u', memId, ...]`) in their own IndexedDB store,
 * and restores them first so screens have their last data offline.
 */
export async function bindPersist(client: QueryClient, prefix: string, memId: string): Promise<void> {
  const name = storeName(prefix, memId);
  if (bound?.name === name) return;
  bound?.stop();
  const early = ahead?.name === name ? ahead : null;
  ahead = null;
  const store = early?.store ?? storeFor(name);
  let first = early?.read;
  const read = (k: string) => get<string>(k, store).then((v) => v ?? null);
  const persister = createAsyncStoragePersister({
    storage: {
      // the first read is the one started ahead, when there was one for this member
      getItem: (k: string) => {
        const r = k === CACHE_KEY && first ? first.catch(() => read(k)) : read(k);
        first = undefined;
        return r;
      },
      setItem: (k: string, v: string) => set(k, v, store),
      removeItem: (k: string) => del(k, store),
    },
    key: CACHE_KEY,
    throttleTime: 500,
  });
  const [stop, restored] = persistQueryClient({
    // same QueryClient; the persister's types come from its own pinned query-core version (one copy is bundled)
    queryClient: client as unknown as Parameters<typeof persistQueryClient>[0]['queryClient'],
    persister,
    buster: __BUILD_ID__,
    maxAge: 7 * 24 * 60 * 60_000,
    dehydrateOptions: {
      // keep the last data even when a later (offline) refetch failed: that data is what offline screens show
      shouldDehydrateQuery: (q: { state: { data: unknown }; queryKey: readonly unknown[] }) =>
        q.state.data !== undefined && q.queryKey[1] === prefix && q.queryKey[2] === 'u' && q.queryKey[3] === memId,
    },
  });
  bound = { name, stop };
  await restored.catch(() => undefined);
  // restored data shows at once but is not trusted as fresh: a reload may follow a change made moments before
  void client.invalidateQueries({ queryKey: ['site', prefix, 'u', memId] });
}

/** On logout: stop persisting and wipe the user's store. */
export async function dropPersist(prefix: string, memId: string): Promise<void> {
  const name = storeName(prefix, memId);
  ahead = null;
  if (bound?.name === name) {
    bound.stop();
    bound = null;
  }
  await clear(storeFor(name)).catch(() => undefined);
}

import { QueryClient } from '@tanstack/react-query';
import { isOffline } from './api';

/** Keys: `['site', prefix, ...]` for site data, `['site', prefix, 'u', memId, ...]` for a user's data. */
export const siteKey = (prefix: string, ...rest: unknown[]) => ['site', prefix, ...rest] as const;
export const userKey = (prefix: string, memId: string, ...rest: unknown[]) => ['site', prefix, 'u', memId, ...rest] as const;

/**
 * The app's one query cache, made once in main.tsx and handed down like the API: to the router's
 * context (loaders), the React tree (hooks) and the signed-in session (live events, sign-out).
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        // offline answers come back at once; the cached data stays on screen
        retry: (count, err) => !isOffline(err) && count < 1,
        networkMode: 'always',
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });

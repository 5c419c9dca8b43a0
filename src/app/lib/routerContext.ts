import type { QueryClient } from '@tanstack/react-query';
import type { Api } from './api';

/** What every loader gets, made once in main.tsx: the query cache and the API client. The session at work is handed the same pair. */
export interface RouterContext {
  queryClient: QueryClient;
  api: Api;
}

/** The API client and the query cache: what a loader, a hook (`useClients`) or the session at work hands on. */
export type Clients = Pick<RouterContext, 'api' | 'queryClient'>;

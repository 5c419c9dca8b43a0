import { createContext, useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Api } from './api';
import type { Clients } from './routerContext';

/** The app's one API client, provided at the root (main.tsx); loaders read the same one as `context.api`. */
export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiContext');
  return api;
}

/** The API client and the query cache together: what signing in hands to the session it starts. */
export function useClients(): Clients {
  return { api: useApi(), queryClient: useQueryClient() };
}

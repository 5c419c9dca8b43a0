import { createContext, useContext } from 'react';
import type { Api } from './api';

/** The app's one API client, provided at the root (main.tsx); loaders read the same one as `context.api`. */
export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiContext');
  return api;
}

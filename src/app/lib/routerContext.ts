import type { QueryClient } from '@tanstack/react-query';
import type { Api } from './api';

export interface RouterContext {
  queryClient: QueryClient;
  api: Api;
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ResOf } from '../../../contract/define';
import { messageCalls } from '../../../contract/message';
import type { Api } from '../../lib/api';
import { listRequest, type ListSearch } from '../../lib/listSearch';
import { userKey } from '../../lib/queryClient';
import { session } from '../../lib/session/store';

export type MsgList = ResOf<typeof messageCalls.msgList>;
export type MsgRow = MsgList['list'][number];

export const msgKey = (prefix: string, memId: string) => userKey(prefix, memId, 'msg');
const listKey = (prefix: string, memId: string) => [...msgKey(prefix, memId), 'list'] as const;

export const msgListQueryOptions = (api: Api, prefix: string, memId: string, s: ListSearch) =>
  queryOptions({
    queryKey: [...listKey(prefix, memId), listRequest(s)],
    // messages arrive live: each visit shows the cached page at once and refreshes it
    staleTime: 0,
    queryFn: async () => {
      const res = await api(messageCalls.msgList, listRequest(s));
      session.msgInfo.newMsg = res.newMsg;
      return res;
    },
  });

/** There is no detail call: a message is read from the newest loaded page that holds it. */
export function findLoaded(client: QueryClient, prefix: string, memId: string, msgIdx: number): { row: MsgRow; idxList: number[] } | null {
  const pages = client
    .getQueryCache()
    .findAll({ queryKey: listKey(prefix, memId) })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const q of pages) {
    const data = q.state.data as MsgList | undefined;
    const row = data?.list.find((m) => m.msgIdx === msgIdx);
    if (row && data) return { row, idxList: data.idxList };
  }
  return null;
}

/** After a read: the cached pages show it read without a refetch (which offline would not come). */
export function markReadInCache(client: QueryClient, prefix: string, memId: string, msgIdx: number | 'all') {
  client.setQueriesData<MsgList>(
    { queryKey: listKey(prefix, memId) },
    (data) =>
      data && {
        ...data,
        list: data.list.map((m) => (msgIdx === 'all' || m.msgIdx === msgIdx ? { ...m, msgStatus: 'Y' as const } : m)),
      },
  );
}

/** msgread opened directly (no list loaded yet): load the first page so the message can be found. */
export async function ensureMessageLoaded(api: Api, client: QueryClient, prefix: string, memId: string, msgIdx: number) {
  if (findLoaded(client, prefix, memId, msgIdx)) return;
  await client.fetchQuery(msgListQueryOptions(api, prefix, memId, {})).catch(() => undefined);
}

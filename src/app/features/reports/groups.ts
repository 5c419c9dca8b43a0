import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { settleGroupCodes, settleGroupOf, type SettleGroup } from '../../../contract/gameConcepts';
import { gameGroupsQueryOptions } from '../../entities/bet/gameGroups';
import { useApi } from '../../lib/useApi';

export type { SettleGroup };

/** Settlement groups the site offers (live and hotel casino settle together as casino); all while unknown. */
export function useOfferedGroups(): SettleGroup[] {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const list = useQuery(gameGroupsQueryOptions(api, prefix)).data?.list;
  if (!list) return [...settleGroupCodes];
  const codes = new Set(list.map((g) => settleGroupOf(g.groupCode)));
  return settleGroupCodes.filter((g) => codes.has(g));
}

/** The site's game groups with vendors, for the bet sub-panel's tabs. */
export function useGameGroups() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  return useQuery(gameGroupsQueryOptions(api, prefix)).data?.list ?? [];
}

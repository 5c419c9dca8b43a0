import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { partnerLevelName } from './levelNames';
import { hierarchyQueryOptions, type HierarchyNode } from './hierarchy';
import { Check } from '../../ui/FilterBar';
import { Tree, type TreeNode } from '../../ui/Tree';
import { useCaller } from '../../lib/caller';
import css from './HierarchyTree.module.css';
import { useApi } from '../../lib/useApi';

const toNode = (n: HierarchyNode): TreeNode => ({
  id: n.memId,
  hasChildren: n.cnt > 0,
  label: (
    <span className={css.node}>
      <span className={css.level} data-level={n.partnerLevel}>
        {partnerLevelName(n.partnerLevel)}
      </span>
      <span>{n.memId}</span>
      {n.cnt > 0 && <span className={css.count}>{n.cnt}</span>}
    </span>
  ),
});

/**
 * The caller's downline as a lazy tree, four levels below the caller (the caller itself on top,
 * selectable): the arrow loads a node's children, the label selects it. The tree option adds members to the partners.
 */
export function HierarchyTree({
  selected,
  onSelect,
  treeOption,
  onTreeOption,
}: {
  selected: string | null;
  onSelect: (memId: string) => void;
  treeOption: 'Y' | 'N';
  onTreeOption?: (v: 'Y' | 'N') => void;
}) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const client = useQueryClient();
  const { memId: me } = useCaller();
  const root = useQuery(hierarchyQueryOptions(api, prefix, me, null, treeOption));
  const top = root.data?.hierarchy[0];

  const load = async (id: string) => {
    const res = await client.fetchQuery(hierarchyQueryOptions(api, prefix, me, id, treeOption));
    return (res.hierarchy[0]?.children ?? []).map(toNode);
  };

  return (
    <div className={css.wrap} data-testid="hierarchy-tree">
      {onTreeOption && <Check label={t`회원 포함`} checked={treeOption === 'Y'} onChange={(e) => onTreeOption(e.target.checked ? 'Y' : 'N')} />}
      {top ? (
        <>
          <button type="button" className={css.self} data-selected={(selected ?? top.memId) === top.memId} onClick={() => onSelect(top.memId)}>
            {toNode(top).label}
          </button>
          {top.children.length > 0 ? (
            <Tree key={treeOption} roots={top.children.map(toNode)} load={load} selected={selected ?? top.memId} onSelect={onSelect} depth={3} />
          ) : (
            <p className={css.muted}>
              <Trans>하위 회원이 없습니다.</Trans>
            </p>
          )}
        </>
      ) : (
        <p className={css.muted}>{root.isError ? <Trans>트리를 불러오지 못했습니다.</Trans> : '…'}</p>
      )}
    </div>
  );
}

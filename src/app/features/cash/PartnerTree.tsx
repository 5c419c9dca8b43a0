import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { HierarchyNode } from '../../../contract/partner';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { Tree, type TreeNode } from '../../ui/Tree';
import { fetchTreeLevel, treeRootQueryOptions } from '../../entities/cash/transferQueries';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { useApi } from '../../lib/useApi';

const wideTree = () => typeof window !== 'undefined' && window.matchMedia('(min-width: 1024px)').matches;

const toNode = (n: HierarchyNode): TreeNode => ({
  id: n.memId,
  label: `[${partnerLevelName(n.partnerLevel)}] ${n.memId}`,
  hasChildren: n.cnt > 0,
});

/** The caller's lower partners, four levels deep, as a filter: choosing a node narrows the list to its subtree. */
export function PartnerTree({ selected, onSelect }: { selected: string | null; onSelect: (memId: string | null) => void }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { memId: me } = useCaller();
  const root = useQuery(treeRootQueryOptions(api, prefix, me));
  const roots = root.data ? [toNode(root.data)] : [];
  return (
    <details className={css.treeBox} open={wideTree()}>
      <summary>
        <Trans>하위 파트너</Trans>
      </summary>
      {roots.length > 0 && (
        <Tree
          roots={roots}
          load={(id) => fetchTreeLevel(api, id).then((n) => n?.children.map(toNode) ?? [])}
          selected={selected ?? me}
          onSelect={(id) => onSelect(id === me ? null : id)}
        />
      )}
    </details>
  );
}

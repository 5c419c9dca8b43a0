import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Card } from '../../ui/Card';
import { HierarchyTree } from '../../entities/partner/HierarchyTree';
import { LowerPartners } from './LowerPartners';
import { PartnerInfoPanel } from './PartnerInfoPanel';
import { useCaller } from '../../lib/caller';
import css from './PartnerTree.module.css';

/** All partners: the downline tree, the selected partner's figures and its direct lower partners. */
export function PartnerTreeScreen() {
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const me = caller.memId;
  const [selected, setSelected] = useState(me);
  const [treeOption, setTreeOption] = useState<'Y' | 'N'>('N');
  return (
    <div className={css.page} data-testid="partner-tree-screen">
      <h1 className={css.title}>
        <Trans>전체 파트너</Trans>
      </h1>
      <div className={css.layout}>
        <Card className={css.treeCard}>
          <HierarchyTree selected={selected} onSelect={setSelected} treeOption={treeOption} onTreeOption={setTreeOption} />
        </Card>
        <div className={css.side}>
          <PartnerInfoPanel prefix={prefix} me={me} memId={selected} />
          <LowerPartners prefix={prefix} me={me} memId={selected} canCreate={caller.loginType === 'PARTNER' && caller.partnerLevel !== 'PTN_5'} />
        </div>
      </div>
    </div>
  );
}

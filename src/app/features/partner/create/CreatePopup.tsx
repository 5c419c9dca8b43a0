import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { levelOrder } from '../../../../contract/enums';
import { createPopup } from '../../../entities/partner/createPopup';
import { userKey } from '../../../lib/queryClient';
import { BottomSheet } from '../../../ui/BottomSheet';
import { Tabs } from '../../../ui/Tabs';
import { MemberForm } from './MemberForm';
import { PartnerForm } from './PartnerForm';
import { useCaller } from '../../../lib/caller';
import css from './Create.module.css';

/** The level a new lower partner of `level` gets: none below PTN_5 (members only) or PTN_7 (the last). */
function nextLevel(level: string): string | null {
  const order = levelOrder(level);
  return order === 5 || order >= 7 ? null : `PTN_${order + 1}`;
}

/** Create popup: Partner (a request the operator approves) and Member tabs, under the chosen parent. */
export default function CreatePopup() {
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const popup = useSnapshot(createPopup);
  const { t } = useLingui();
  const client = useQueryClient();
  const me = caller.memId;
  const parent = popup.recommenderId ?? me;
  const parentLevel = popup.recommenderLevel ?? caller.partnerLevel ?? 'NORMAL';
  const newLevel = caller.loginType === 'PARTNER' && caller.partnerLevel !== 'PTN_5' ? nextLevel(parentLevel) : null;
  const [tab, setTab] = useState<'partner' | 'member'>('member');
  const shown = newLevel ? tab : 'member';

  const close = () => (createPopup.open = false);
  const done = () => {
    createPopup.done++;
    close();
    void client.invalidateQueries({ queryKey: userKey(prefix, me, 'partner') });
  };
  return (
    <BottomSheet open={popup.open} title={t`하위 생성`} onClose={close}>
      <div className={css.popup} data-testid="create-popup">
        {newLevel && (
          <Tabs
            tabs={[
              { key: 'partner', label: t`파트너` },
              { key: 'member', label: t`회원` },
            ]}
            value={shown}
            onChange={setTab}
          />
        )}
        {shown === 'partner' && newLevel ? (
          <PartnerForm key={parent} prefix={prefix} me={me} recommenderId={parent} newLevel={newLevel} onDone={done} />
        ) : (
          <MemberForm key={parent} prefix={prefix} recommenderId={parent} onDone={done} />
        )}
      </div>
    </BottomSheet>
  );
}

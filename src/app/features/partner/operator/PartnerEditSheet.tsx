import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isNickname } from '../../../../contract/validate';
import { categoryName } from '../../../entities/bet/betCodes';
import { partnerRateQueryOptions } from '../../../entities/partner/operatorQueries';
import { useEditPartner } from '../../../entities/partner/writes';
import { RateFields } from '../../../entities/rate/RateFields';
import { alert } from '../../../lib/dialogs';
import { useApi } from '../../../lib/useApi';
import { BottomSheet } from '../../../ui/BottomSheet';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { ListSkeleton } from '../../../ui/ListSkeleton';
import css from './OperatorPartners.module.css';

type Rates = Record<string, { pointRate: string; loseRate: string }>;

/** The operator edits one partner: its nickname and its rates per category, within the upper's and the downline's bounds. */
export function PartnerEditSheet({ prefix, me, partner, onClose }: { prefix: string; me: string; partner: { memId: string; memNick: string } | null; onClose: () => void }) {
  return (
    <BottomSheet open={partner !== null} title={<Trans>파트너 수정</Trans>} onClose={onClose}>
      {partner && <EditForm key={partner.memId} prefix={prefix} me={me} partner={partner} onDone={onClose} />}
    </BottomSheet>
  );
}

function EditForm({ prefix, me, partner, onDone }: { prefix: string; me: string; partner: { memId: string; memNick: string }; onDone: () => void }) {
  const api = useApi();
  const { t } = useLingui();
  const [nick, setNick] = useState(partner.memNick);
  const [edits, setEdits] = useState<Rates>({});
  const q = useQuery(partnerRateQueryOptions(api, prefix, me, partner.memId));
  const rows = q.data?.memRollingInfo ?? [];
  const value = (cat: string, f: 'pointRate' | 'loseRate') => edits[cat]?.[f] ?? String(rows.find((r) => r.category === cat)?.[f] ?? 0);
  const setRate = (cat: string, f: 'pointRate' | 'loseRate', v: string) =>
    setEdits((e) => ({ ...e, [cat]: { ...(e[cat] ?? { pointRate: value(cat, 'pointRate'), loseRate: value(cat, 'loseRate') }), [f]: v } }));

  const save = useEditPartner(prefix, me, {
    onDone: async () => {
      await alert(t`저장되었습니다.`);
      onDone();
    },
  });
  const edit = () => ({
    memId: partner.memId,
    memNick: nick.trim() !== partner.memNick ? nick.trim() : null,
    rateList: Object.entries(edits).map(([category, r]) => ({ category, ...r })),
  });
  const nickOk = isNickname(nick.trim());

  return (
    <form className={css.form} onSubmit={(e) => (e.preventDefault(), void save.submit(edit()))} data-testid="partner-edit">
      <TextField
        label={<Trans>닉네임</Trans>}
        name="memNick"
        maxLength={20}
        value={nick}
        onChange={(e) => setNick(e.target.value)}
        hint={<Trans>3~20자, 다른 회원과 겹치지 않게</Trans>}
        error={nickOk ? undefined : t`닉네임을 확인해 주세요.`}
      />
      {q.isPending ? (
        <ListSkeleton rows={2} />
      ) : (
        <RateFields
          head={<Trans>게임</Trans>}
          testId="partner-edit-rates"
          rows={rows.map((r) => ({ ...r, key: r.category, name: categoryName(r.category), pointRate: value(r.category, 'pointRate'), loseRate: value(r.category, 'loseRate') }))}
          onChange={setRate}
        />
      )}
      <p className={css.note}>
        <Trans>요율은 상위 파트너의 요율 이하, 하위 파트너의 가장 높은 요율 이상이어야 합니다.</Trans>
      </p>
      <Button type="submit" variant="primary" block disabled={!nickOk || save.busy} data-testid="partner-edit-save">
        <Trans>저장</Trans>
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type LimitRow } from '../../../contract/protection';
import { useSetLimit } from '../../entities/member/writes';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { MoneyInput } from '../../ui/MoneyInput';
import { TextField } from '../../ui/Field';
import { limitLabels } from '../../widgets/protectionLabels';
import css from './Protection.module.css';

/** Sets or removes one limit; the sheet says which changes hold at once and which wait a day. */
export function LimitSheet({ row, onClose }: { row: LimitRow | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [raw, setRaw] = useState('');
  // raising or removing a limit is a security change: it asks the current password
  const [curPass, setCurPass] = useState('');
  const save = useSetLimit({
    say: 'inline',
    onDone: () => (setRaw(''), setCurPass(''), onClose()),
  });
  const amount = raw ? Number(raw) : null;
  const raises = (to: number | null) => row?.amount != null && (to === null || to > row.amount);
  const later = raises(amount);
  const submit = (to: number | null) => save.submit({ kind: row!.kind, amount: to, ...(raises(to) ? { curPass } : {}) });
  const close = () => (setRaw(''), setCurPass(''), save.clear(), onClose());
  return (
    <BottomSheet
      open={!!row}
      title={row ? i18n._(limitLabels[row.kind]) : ''}
      onClose={close}
      dirty={!!raw}
      data-testid="limit-sheet"
      footer={
        <div className={css.actions}>
          {row?.amount != null && (
            <Button variant="secondary" disabled={save.busy || !curPass} onClick={() => void submit(null)}>
              <Trans>한도 해제</Trans>
            </Button>
          )}
          <Button variant="primary" disabled={!amount || save.busy || (later && !curPass)} onClick={() => void submit(amount)}>
            {amount ? <Trans>저장</Trans> : <Trans>금액을 입력해 주세요</Trans>}
          </Button>
        </div>
      }
    >
      <MoneyInput
        label={<Trans>한도 금액</Trans>}
        name="limitAmount"
        value={raw}
        onChange={setRaw}
        quickAmounts={[100_000, 500_000, 1_000_000]}
        hint={later ? t`한도를 올리거나 해제하면 24시간 뒤에 적용됩니다.` : t`한도를 낮추면 바로 적용됩니다.`}
        error={later ? undefined : save.error}
      />
      {(later || row?.amount != null) && (
        <TextField
          label={<Trans>현재 비밀번호</Trans>}
          hint={t`한도를 올리거나 해제하려면 비밀번호가 필요합니다.`}
          name="limitCurPass"
          type="password"
          autoComplete="current-password"
          value={curPass}
          onChange={(e) => (setCurPass(e.target.value), save.clear())}
          error={later ? (save.error ?? undefined) : undefined}
        />
      )}
    </BottomSheet>
  );
}

import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { breakDays, exclusionMonths, limitKinds, realityChoices, type LimitRow } from '../../../contract/protection';
import { alert } from '../../lib/dialogs';
import { signOut } from '../../lib/session/lifecycle';
import { useSetRealityCheck, useTakeBreak } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { PendingLimit } from '../../widgets/ProtectionFacts';
import { limitLabels, shortWire } from '../../widgets/protectionLabels';
import { LimitSheet } from './LimitSheet';
import { protectionQueryOptions } from '../../entities/member/protectionQueries';
import { useCaller } from '../../lib/caller';
import css from './Protection.module.css';
import { useApi } from '../../lib/useApi';

const breakChoices = [1, 3, 7, 14, 28, 42].filter((d) => d >= breakDays.min && d <= breakDays.max);
const exclusionChoices = [6, 12, 24, 60].filter((m) => m >= exclusionMonths.min && m <= exclusionMonths.max);

/** The player's own protection: deposit and loss limits, reality checks, a break or self-exclusion. */
export function Protection() {
  const api = useApi();
  const { t, i18n } = useLingui();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { data } = useSuspenseQuery(protectionQueryOptions(api, prefix, caller.memId));
  const [editing, setEditing] = useState<LimitRow | null>(null);
  const [days, setDays] = useState(String(breakChoices[0]));
  const [months, setMonths] = useState(String(exclusionChoices[0]));

  const reality = useSetRealityCheck();
  const pause = useTakeBreak({
    confirm: (v: { kind: 'break' | 'exclusion'; length: number }) =>
      v.kind === 'break'
        ? t`${v.length}일 동안 로그인과 게임을 할 수 없습니다. 시작하면 취소하거나 줄일 수 없습니다(운영자도 해제할 수 없습니다). 시작하시겠습니까?`
        : t`${v.length}개월 동안 자기 배제됩니다. 시작하면 취소하거나 줄일 수 없습니다(운영자도 해제할 수 없습니다). 시작하시겠습니까?`,
    onDone: async (r) => {
      await alert(t`${shortWire(r.until)}까지 로그인할 수 없습니다. 로그아웃됩니다.`);
      await signOut('protection');
    },
  });
  const realityValue = data.realityMinutes === null ? '' : String(data.realityMinutes);

  return (
    <div className={css.page} data-testid="protection">
      <h1 className={css.title}>
        <Trans>건전한 게임 이용</Trans>
      </h1>
      <Card title={<Trans>입금·손실 한도</Trans>}>
        <p className={css.intro}>
          <Trans>손실은 기간 안의 베팅액에서 당첨액을 뺀 금액입니다. 기간은 한국 시간 기준 하루, 주(월요일 시작), 월입니다.</Trans>
        </p>
        <ul className={css.limits}>
          {limitKinds.map((kind) => {
            const row = data.limits.find((l) => l.kind === kind)!;
            return (
              <li key={kind} className={css.limit} data-testid={`limit-${kind}`}>
                <div className={css.limitText}>
                  <span className={css.limitName}>{i18n._(limitLabels[kind])}</span>
                  <span className={css.limitValue}>{row.amount === null ? <Trans>한도 없음</Trans> : <Money value={row.amount} />}</span>
                  <PendingLimit l={row} className={css.pending} />
                </div>
                <Button onClick={() => setEditing(row)}>
                  <Trans>변경</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card title={<Trans>이용 시간 알림</Trans>}>
        <SelectField
          label={<Trans>게임 중 알림 간격</Trans>}
          value={realityValue}
          disabled={reality.busy}
          onChange={(e) => void reality.submit(e.target.value === '' ? null : Number(e.target.value))}
          hint={<Trans>정해진 간격마다 이용 시간과 손익을 알려 드립니다.</Trans>}
          data-testid="reality-select"
        >
          <option value="">{data.realityDefault ? t`사이트 기본값 (${data.realityDefault}분)` : t`사이트 기본값 (끔)`}</option>
          {realityChoices.map((m) => (
            <option key={m} value={String(m)}>
              {m === 0 ? t`끔` : t`${m}분`}
            </option>
          ))}
        </SelectField>
      </Card>

      <Card title={<Trans>휴식 및 자기 배제</Trans>}>
        <div className={css.breaks}>
          <p className={css.note}>
            <Trans>시작하면 모든 기기에서 로그아웃되고, 기간이 끝날 때까지 누구도 해제할 수 없습니다.</Trans>
          </p>
          <div className={css.row}>
            <SelectField label={<Trans>휴식 기간</Trans>} value={days} onChange={(e) => setDays(e.target.value)}>
              {breakChoices.map((d) => (
                <option key={d} value={String(d)}>{t`${d}일`}</option>
              ))}
            </SelectField>
            <Button disabled={pause.busy} onClick={() => void pause.submit({ kind: 'break', length: Number(days) })}>
              <Trans>휴식 시작</Trans>
            </Button>
          </div>
          <div className={css.row}>
            <SelectField label={<Trans>자기 배제 기간</Trans>} value={months} onChange={(e) => setMonths(e.target.value)}>
              {exclusionChoices.map((m) => (
                <option key={m} value={String(m)}>{t`${m}개월`}</option>
              ))}
            </SelectField>
            <Button disabled={pause.busy} onClick={() => void pause.submit({ kind: 'exclusion', length: Number(months) })}>
              <Trans>자기 배제</Trans>
            </Button>
          </div>
        </div>
      </Card>
      <LimitSheet row={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

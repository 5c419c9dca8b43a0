import { Trans, useLingui } from '@lingui/react/macro';
import type { LimitRow, ProtectionState } from '../../contract/protection';
import { Money } from './Money';
import { limitLabels, shortWire } from './protectionLabels';
import css from './ProtectionFacts.module.css';
import { Fact, Facts } from '../ui/Facts';

/** A player's own protection as partners and the operator see it: read only, nobody but the player changes it. */
export function ProtectionFacts({ p }: { p: ProtectionState }) {
  const { t, i18n } = useLingui();
  return (
    <Facts className={css.facts} data-testid="protection-facts">
      <Fact label={<Trans>휴식</Trans>}>{p.breakUntil ? t`${shortWire(p.breakUntil)}까지` : <Trans>없음</Trans>}</Fact>
      <Fact label={<Trans>자기 배제</Trans>}>{p.excludedUntil ? t`${shortWire(p.excludedUntil)}까지` : <Trans>없음</Trans>}</Fact>
      {p.limits.map((l) => (
        <Fact key={l.kind} label={i18n._(limitLabels[l.kind])}>
          {l.amount === null ? <Trans>한도 없음</Trans> : <Money value={l.amount} />}
          <PendingLimit l={l} className={css.pending} />
        </Fact>
      ))}
      <Fact label={<Trans>이용 시간 알림</Trans>}>{(p.realityMinutes ?? p.realityDefault) ? t`${p.realityMinutes ?? p.realityDefault}분마다` : t`끔`}</Fact>
    </Facts>
  );
}

/** A limit's change still waiting (a raise or a lift applies 24 hours after it was asked): when, and to what. */
export function PendingLimit({ l, className }: { l: LimitRow; className?: string }) {
  if (!l.pending || !l.appliesAt) return null;
  return (
    <span className={className}>
      {l.pendingAmount === null ? (
        <Trans>{shortWire(l.appliesAt)}에 해제됩니다</Trans>
      ) : (
        <Trans>
          {shortWire(l.appliesAt)}부터 <Money value={l.pendingAmount} />
        </Trans>
      )}
    </span>
  );
}

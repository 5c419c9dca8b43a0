import { Trans, useLingui } from '@lingui/react/macro';
import type { ProtectionState } from '../../contract/protection';
import { Money } from './Money';
import { limitLabels, shortWire } from './protectionLabels';
import css from './ProtectionFacts.module.css';

/** A player's own protection as partners and the operator see it: read only, nobody but the player changes it. */
export function ProtectionFacts({ p }: { p: ProtectionState }) {
  const { t, i18n } = useLingui();
  return (
    <dl className={css.facts} data-testid="protection-facts">
      <div>
        <dt>
          <Trans>휴식</Trans>
        </dt>
        <dd>{p.breakUntil ? t`${shortWire(p.breakUntil)}까지` : <Trans>없음</Trans>}</dd>
      </div>
      <div>
        <dt>
          <Trans>자기 배제</Trans>
        </dt>
        <dd>{p.excludedUntil ? t`${shortWire(p.excludedUntil)}까지` : <Trans>없음</Trans>}</dd>
      </div>
      {p.limits.map((l) => (
        <div key={l.kind}>
          <dt>{i18n._(limitLabels[l.kind])}</dt>
          <dd>
            {l.amount === null ? <Trans>한도 없음</Trans> : <Money value={l.amount} />}
            {l.pending && l.appliesAt && (
              <span className={css.pending}>
                {l.pendingAmount === null ? (
                  <Trans>{shortWire(l.appliesAt)}에 해제됩니다</Trans>
                ) : (
                  <Trans>
                    {shortWire(l.appliesAt)}부터 <Money value={l.pendingAmount} />
                  </Trans>
                )}
              </span>
            )}
          </dd>
        </div>
      ))}
      <div>
        <dt>
          <Trans>이용 시간 알림</Trans>
        </dt>
        <dd>{(p.realityMinutes ?? p.realityDefault) ? t`${p.realityMinutes ?? p.realityDefault}분마다` : t`끔`}</dd>
      </div>
    </dl>
  );
}

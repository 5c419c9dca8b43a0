import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import type { MoneyUnit } from '../../lib/format';
import { moneyText } from '../../entities/cash/moneyText';
import { useCashSwitch } from '../../entities/site/site';
import { siteOptionQueryOptions } from '../../entities/site/siteContent';
import type { AmountProblem, AmountRule } from './rules';
import { useApi } from '../../lib/useApi';

/** The site's amount limits and its deposit / withdrawal switches, as the money screens check them before submit. */
export function useCashLimits() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const opt = useQuery(siteOptionQueryOptions(api, prefix)).data;
  const switches = useCashSwitch(prefix);
  return {
    deposit: { min: opt?.depositMin, max: opt?.depositMax, unit: opt?.depositUnit },
    withdraw: { min: opt?.withdrawMin, unit: opt?.withdrawUnit },
    ...switches,
  };
}

/** What is wrong with an amount, in words: beside the field and on the disabled button. */
export function problemText(p: AmountProblem, unit: MoneyUnit = 'cash'): string {
  switch (p.kind) {
    case 'empty':
      return unit === 'point' ? t`전환할 포인트를 입력해 주세요` : t`금액을 입력해 주세요`;
    case 'held': {
      const held = moneyText(p.held, unit);
      return unit === 'point' ? t`보유 포인트 ${held}보다 많습니다` : t`보유머니 ${held}보다 많습니다`;
    }
    case 'max': {
      const max = moneyText(p.max, unit);
      return t`한 번에 최대 ${max}까지 신청할 수 있습니다`;
    }
    case 'min': {
      const min = moneyText(p.min, unit);
      return t`최소 ${min}부터 신청할 수 있습니다`;
    }
    case 'unit': {
      const step = moneyText(p.unit, unit);
      return t`${step} 단위로 입력해 주세요`;
    }
  }
}

/** An amount field's rule in a few words, shown under it before anything is typed: "최소 10,000원, 1,000원 단위". */
export function ruleHint(r: AmountRule, unit: MoneyUnit = 'cash'): string {
  const parts: string[] = [];
  if (r.min) {
    const min = moneyText(r.min, unit);
    parts.push(t`최소 ${min}`);
  }
  if (r.max) {
    const max = moneyText(r.max, unit);
    parts.push(t`한 번에 최대 ${max}`);
  }
  if (r.held !== undefined) {
    const held = moneyText(r.held, unit);
    parts.push(t`보유 ${held}까지`);
  }
  if (r.unit && r.unit > 1) {
    const step = moneyText(r.unit, unit);
    parts.push(t`${step} 단위`);
  }
  return parts.join(', ');
}

import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { languages, type Language } from '../../../contract/enums';
import type { DepositAccount, SiteSettings, SiteSettingsForm } from '../../../contract/platformSites';
import { Card } from '../../ui/Card';
import { SelectField, TextField } from '../../ui/Field';
import { MoneyInput } from '../../ui/MoneyInput';
import css from './Platform.module.css';

/** The fields the settings' refusals land beside (the open form's names for the same codes). */
export type SettingsField = 'languages' | 'limits' | 'depositAccounts' | 'sns';

const languageNames: Record<Language, string> = { ko: '한국어', en: 'English', vn: 'Tiếng Việt' };

export const blankSettings = {
  languages: ['ko'] as Language[],
  defaultLanguage: 'ko' as Language,
  bank: '',
  accountNo: '',
  holder: '',
  /** accounts beyond the first (set through the call only): kept as they are */
  moreAccounts: [] as DepositAccount[],
  depositMin: '10000',
  depositMax: '10000000',
  withdrawMin: '10000',
  quickAmounts: '10000, 50000, 100000, 500000',
  sns: [0, 1, 2].map(() => ({ name: '', id: '', link: '' })),
};
export type SettingsState = typeof blankSettings;

/** The fields as the call takes them (empty limits stay absent, so the rule says PF026). */
export function settingsToCall(f: SettingsState): Omit<SiteSettingsForm, 'prefix'> & Record<'depositMin' | 'depositMax' | 'withdrawMin', number | undefined> {
  const num = (v: string) => (v ? Number(v) : undefined);
  const first = f.bank || f.accountNo || f.holder ? [{ bank: f.bank || '-', accountNo: f.accountNo, holder: f.holder }] : [];
  return {
    languages: f.languages,
    defaultLanguage: f.defaultLanguage,
    depositAccounts: [...first, ...f.moreAccounts],
    depositMin: num(f.depositMin),
    depositMax: num(f.depositMax),
    withdrawMin: num(f.withdrawMin),
    quickAmounts: f.quickAmounts
      .split(/[,\s]+/)
      .map((v) => v.replace(/[^0-9]/g, ''))
      .filter(Boolean)
      .map(Number),
    sns: f.sns.filter((s) => s.name || s.id || s.link),
  };
}

/** The fields filled from the settings a site has now. */
export function settingsFromSite(s: SiteSettings): SettingsState {
  const [account, ...moreAccounts] = s.depositAccounts;
  const str = (v: number | undefined) => (v === undefined ? '' : String(v));
  return {
    languages: s.languages,
    defaultLanguage: s.defaultLanguage,
    bank: account?.bank ?? '',
    accountNo: account?.accountNo ?? '',
    holder: account?.holder ?? '',
    moreAccounts,
    depositMin: str(s.depositMin),
    depositMax: str(s.depositMax),
    withdrawMin: str(s.withdrawMin),
    quickAmounts: s.quickAmounts.join(', '),
    sns: [0, 1, 2].map((i) => s.sns[i] ?? { name: '', id: '', link: '' }),
  };
}

/**
 * Languages, money limits and quick amounts, the deposit account and SNS links, in cards: the open
 * form's and the site page's settings edit. `moneyUnit` is what the money card shows first (the
 * open form's choice of unit, the edit's fixed one).
 */
export function SiteSettingsFields({
  value: f,
  onChange,
  errors,
  moneyUnit,
}: {
  value: SettingsState;
  onChange: (patch: Partial<SettingsState>, field: SettingsField) => void;
  errors: Partial<Record<SettingsField, string>>;
  moneyUnit: ReactNode;
}) {
  const { t } = useLingui();
  const setSns = (i: number, k: 'name' | 'id' | 'link', v: string) => onChange({ sns: f.sns.map((x, j) => (j === i ? { ...x, [k]: v } : x)) }, 'sns');
  return (
    <>
      <Card title={t`언어`}>
        <div className={css.fields}>
          <fieldset className={css.checks} aria-invalid={errors.languages ? true : undefined}>
            <legend className={css.legend}>
              <Trans>쓸 언어</Trans>
            </legend>
            {languages.map((l) => (
              <label key={l} className={css.check}>
                <input
                  type="checkbox"
                  name={`lang-${l}`}
                  checked={f.languages.includes(l)}
                  onChange={(e) => onChange({ languages: e.target.checked ? [...f.languages, l] : f.languages.filter((x) => x !== l) }, 'languages')}
                />
                {languageNames[l]}
              </label>
            ))}
          </fieldset>
          <SelectField
            label={t`기본 언어`}
            name="defaultLanguage"
            value={f.defaultLanguage}
            onChange={(e) => onChange({ defaultLanguage: e.target.value as Language }, 'languages')}
            error={errors.languages}
          >
            {languages.map((l) => (
              <option key={l} value={l}>
                {languageNames[l]}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>

      <Card title={t`금액`}>
        <div className={css.fields}>
          {moneyUnit}
          <MoneyInput label={t`최소 입금액`} name="depositMin" value={f.depositMin} onChange={(v) => onChange({ depositMin: v }, 'limits')} />
          <MoneyInput label={t`최대 입금액`} name="depositMax" value={f.depositMax} onChange={(v) => onChange({ depositMax: v }, 'limits')} />
          <MoneyInput label={t`최소 출금액`} name="withdrawMin" value={f.withdrawMin} onChange={(v) => onChange({ withdrawMin: v }, 'limits')} />
          <TextField
            label={t`빠른 금액 버튼`}
            hint={t`쉼표로 나눠 최대 8개. 최대 입금액 이하.`}
            name="quickAmounts"
            inputMode="numeric"
            value={f.quickAmounts}
            onChange={(e) => onChange({ quickAmounts: e.target.value }, 'limits')}
            error={errors.limits}
          />
        </div>
      </Card>

      <Card title={t`입금 계좌`}>
        <div className={css.fields}>
          <p className={css.lead}>
            <Trans>입금 신청한 플레이어에게 보여 줄 계좌입니다. 나중에 넣어도 됩니다.</Trans>
          </p>
          <TextField label={t`은행`} name="bank" value={f.bank} onChange={(e) => onChange({ bank: e.target.value }, 'depositAccounts')} />
          <TextField label={t`계좌번호`} name="accountNo" inputMode="numeric" value={f.accountNo} onChange={(e) => onChange({ accountNo: e.target.value }, 'depositAccounts')} />
          <TextField label={t`예금주`} name="holder" value={f.holder} onChange={(e) => onChange({ holder: e.target.value }, 'depositAccounts')} error={errors.depositAccounts} />
        </div>
      </Card>

      <Card title={t`SNS 링크`}>
        <div className={css.fields}>
          {f.sns.map((s, i) => (
            <div key={i} className={css.snsRow}>
              <TextField label={t`SNS ${i + 1} 이름`} name={`sns${i + 1}`} placeholder="Telegram" value={s.name} onChange={(e) => setSns(i, 'name', e.target.value)} />
              <TextField label={t`아이디`} name={`sns${i + 1}Id`} value={s.id} onChange={(e) => setSns(i, 'id', e.target.value)} />
              <TextField label={t`링크`} name={`sns${i + 1}Link`} type="url" placeholder="https://" value={s.link} onChange={(e) => setSns(i, 'link', e.target.value)} />
            </div>
          ))}
          {errors.sns && <FieldError>{errors.sns}</FieldError>}
        </div>
      </Card>
    </>
  );
}

export function FieldError({ children }: { children: ReactNode }) {
  return (
    <span className={css.fieldError} role="alert">
      {children}
    </span>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import type { OpenSiteForm as Form } from '../../../contract/platformSites';
import { cashDecimals, openSiteError, openSiteFields, prefixError } from '../../../contract/platformSiteRules';
import { apiMessage } from '../../lib/apiMessage';
import { useOpenSite, type OpenSiteField as FieldName, type Opened } from '../../entities/platform/writes';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField, TextField } from '../../ui/Field';
import { toWire } from '../../lib/kstInput';
import { BrandFields } from './BrandFields';
import { blankSettings, FieldError, settingsToCall, SiteSettingsFields } from './SiteSettingsFields';
import { PlatformFrame } from './PlatformFrame';
import { SiteInvite } from './SiteInvite';
import css from './Platform.module.css';
import { useApi } from '../../lib/useApi';
import { catalogQueryOptions } from '../../entities/platform/queries';

const blank = {
  prefix: '',
  name: '',
  shortName: '',
  themeColor: '#0f1115',
  cashDecimal: 1,
  vendorMode: 'own' as 'own' | 'union',
  // null: every vendor of the catalogue, so a site opened as it comes can take bets
  vendors: null as string[] | null,
  ...blankSettings,
  checkStart: '',
  checkEnd: '',
};
type State = typeof blank;

/** The form as the call takes it. */
function toCall(f: State, allVendors: string[]): ReturnType<typeof settingsToCall> & Form {
  return {
    prefix: f.prefix.trim(),
    name: f.name,
    cashDecimal: f.cashDecimal,
    vendorMode: f.vendorMode,
    vendors: f.vendors ?? allVendors,
    ...settingsToCall(f),
    checkStart: toWire(f.checkStart),
    checkEnd: toWire(f.checkEnd),
  };
}

/**
 * Opens a site: its address and name, brand, languages, money, game vendors, deposit account, SNS
 * links and a maintenance window, in sections. Each rule is checked beside its field before
 * anything is sent (the contract's), and the server's refusal lands beside the same field. Done,
 * it shows the first operator's invitation link.
 */
export function OpenSiteForm() {
  const api = useApi();
  const { t } = useLingui();
  const [f, setF] = useState<State>(blank);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});
  const [opened, setOpened] = useState<Opened | null>(null);
  const catalog = useQuery(catalogQueryOptions(api));
  const allVendors = catalog.data?.vendors.map((v) => v.code) ?? [];

  const write = useOpenSite({
    say: 'inline',
    onDone: (r) => setOpened(r),
  });
  const err = (k: FieldName) => local[k] ?? write.fieldErrors[k];
  const set = <K extends keyof State>(k: K, v: State[K], field?: FieldName) => {
    setF((old) => ({ ...old, [k]: v }));
    if (field) {
      setLocal((old) => ({ ...old, [field]: undefined }));
      write.clear(field);
    }
  };
  const say = (code: string) => apiMessage(new ApiError(code as never));
  const checkPrefix = () => {
    const code = f.prefix ? prefixError(f.prefix.trim()) : null;
    setLocal((old) => ({ ...old, prefix: code ? say(code) : undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const form = toCall(f, allVendors);
    const code = openSiteError(form);
    if (code) {
      setLocal({ [openSiteFields[code as keyof typeof openSiteFields]]: say(code) });
      document.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center' });
      return;
    }
    if (logoError) return;
    await write.submit({ form, brand: { shortName: f.shortName, themeColor: f.themeColor, logo } });
  };

  if (opened) return <SiteInvite opened={opened} />;

  const vendorsOn = f.vendors ?? allVendors;
  return (
    <PlatformFrame title={t`사이트 열기`} subtitle={t`새 사이트의 주소와 설정을 정합니다. 운영자는 초대 링크로 직접 계정을 만듭니다.`}>
      <form className={css.steps} onSubmit={(e) => void submit(e)} noValidate data-testid="open-site">
        <Card title={t`주소와 이름`}>
          <div className={css.fields}>
            <TextField
              label={t`주소`}
              hint={t`영문 소문자와 숫자 2~20자. 플레이어는 /주소 로 들어옵니다.`}
              name="prefix"
              autoCapitalize="none"
              autoComplete="off"
              value={f.prefix}
              onChange={(e) => set('prefix', e.target.value.toLowerCase(), 'prefix')}
              onBlur={checkPrefix}
              error={err('prefix')}
            />
            <TextField label={t`사이트 이름`} name="name" value={f.name} onChange={(e) => set('name', e.target.value, 'name')} error={err('name')} />
          </div>
        </Card>

        <Card title={t`브랜드`}>
          <div className={css.fields}>
            <BrandFields
              value={{ shortName: f.shortName, themeColor: f.themeColor, logo, logoError }}
              onChange={(v, field) => {
                setF((old) => ({ ...old, shortName: v.shortName, themeColor: v.themeColor }));
                setLogo(v.logo);
                setLogoError(v.logoError);
                if (field !== 'shortName') {
                  setLocal((old) => ({ ...old, [field]: undefined }));
                  write.clear(field);
                }
              }}
              errors={{ themeColor: err('themeColor'), logo: err('logo') }}
            />
          </div>
        </Card>

        <SiteSettingsFields
          value={f}
          onChange={(patch, field) => {
            setF((old) => ({ ...old, ...patch }));
            setLocal((old) => ({ ...old, [field]: undefined }));
            write.clear(field);
          }}
          errors={{ languages: err('languages'), limits: err('limits'), depositAccounts: err('depositAccounts'), sns: err('sns') }}
          moneyUnit={
            <SelectField
              label={t`금액 표시 단위`}
              hint={t`저장된 금액에 곱해 보여 줍니다. 원화는 1. 연 뒤에는 바꿀 수 없습니다.`}
              name="cashDecimal"
              value={f.cashDecimal}
              onChange={(e) => set('cashDecimal', Number(e.target.value), 'cashDecimal')}
              error={err('cashDecimal')}
            >
              {cashDecimals.map((d) => (
                <option key={d} value={d}>
                  ×{d}
                </option>
              ))}
            </SelectField>
          }
        />

        <Card title={t`게임사`}>
          <div className={css.fields}>
            <SelectField label={t`게임 서버`} name="vendorMode" value={f.vendorMode} onChange={(e) => set('vendorMode', e.target.value as 'own' | 'union')}>
              <option value="own">{t`자체 서버`}</option>
              <option value="union">{t`유니온 서버`}</option>
            </SelectField>
            <fieldset className={css.checks}>
              <legend className={css.legend}>
                <Trans>쓸 게임사</Trans>
              </legend>
              {catalog.data?.vendors.map((v) => (
                <label key={v.code} className={css.check}>
                  <input
                    type="checkbox"
                    name={`vendor-${v.code}`}
                    checked={vendorsOn.includes(v.code)}
                    onChange={(e) => set('vendors', e.target.checked ? [...vendorsOn, v.code] : vendorsOn.filter((x) => x !== v.code), 'vendors')}
                  />
                  {v.name}
                </label>
              ))}
            </fieldset>
            {err('vendors') && <FieldError>{err('vendors')}</FieldError>}
          </div>
        </Card>

        <Card title={t`점검 일정`}>
          <div className={css.fields}>
            <p className={css.lead}>
              <Trans>열자마자 점검 중으로 두려면 넣으세요. 한국 시간입니다.</Trans>
            </p>
            <TextField label={t`시작`} type="datetime-local" name="checkStart" value={f.checkStart} onChange={(e) => set('checkStart', e.target.value, 'check')} />
            <TextField label={t`종료`} type="datetime-local" name="checkEnd" value={f.checkEnd} onChange={(e) => set('checkEnd', e.target.value, 'check')} error={err('check')} />
          </div>
        </Card>

        {write.error && (
          <p className={css.lead} role="alert">
            {write.error}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={write.busy || !f.prefix || !f.name} aria-busy={write.busy}>
          {write.busy ? t`사이트를 여는 중…` : t`사이트 열기`}
        </Button>
        <Link to="/platform" className={buttonClass('ghost', true)}>
          <Trans>취소</Trans>
        </Link>
      </form>
    </PlatformFrame>
  );
}

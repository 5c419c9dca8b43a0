import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import type { PlatformSiteDetail } from '../../../contract/platformOps';
import { siteSettingsError } from '../../../contract/platformSiteRules';
import { apiMessage } from '../../lib/apiMessage';
import { settingsFields, useSaveSiteSettings } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { settingsFromSite, settingsToCall, SiteSettingsFields, type SettingsField, type SettingsState } from './SiteSettingsFields';
import css from './Platform.module.css';

/**
 * The site's settings after opening: languages, money limits and quick amounts, the deposit
 * account and SNS links, checked beside each field by the open form's rule before sending. The
 * money unit stays as opened: amounts are stored in the smallest unit.
 */
export function SiteSettingsEdit({ site }: { site: PlatformSiteDetail }) {
  const { t } = useLingui();
  const [f, setF] = useState<SettingsState>(() => settingsFromSite(site.settings));
  const [local, setLocal] = useState<Partial<Record<SettingsField, string>>>({});
  const [saved, setSaved] = useState(false);
  const write = useSaveSiteSettings(site.prefix, {
    say: 'inline',
    onDone: () => setSaved(true),
  });
  const err = (k: SettingsField) => local[k] ?? write.fieldErrors[k];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const form = settingsToCall(f);
    const code = siteSettingsError(form);
    if (code) {
      setLocal({ [settingsFields[code as keyof typeof settingsFields]]: apiMessage(new ApiError(code)) });
      return;
    }
    void write.submit(form);
  };

  return (
    <form className={css.steps} onSubmit={submit} noValidate data-testid="site-settings-edit" aria-label={t`사이트 설정`}>
      <h2 className={css.legend}>
        <Trans>사이트 설정</Trans>
      </h2>
      <SiteSettingsFields
        value={f}
        onChange={(patch, field) => {
          setF((old) => ({ ...old, ...patch }));
          setLocal((old) => ({ ...old, [field]: undefined }));
          setSaved(false);
          write.clear(field);
        }}
        errors={{ languages: err('languages'), limits: err('limits'), depositAccounts: err('depositAccounts'), sns: err('sns') }}
        moneyUnit={
          <div>
            <p className={css.legend}>
              <Trans>금액 표시 단위</Trans> ×{site.settings.cashDecimal}
            </p>
            <p className={css.lead}>
              <Trans>사이트를 연 뒤에는 바꿀 수 없습니다. 금액이 가장 작은 단위로 저장되기 때문입니다.</Trans>
            </p>
          </div>
        }
      />
      {write.error && (
        <p className={css.fieldError} role="alert">
          {write.error}
        </p>
      )}
      <Button type="submit" variant="secondary" block disabled={write.busy} aria-busy={write.busy} data-testid="save-settings">
        {saved ? t`저장했습니다` : t`설정 저장`}
      </Button>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRequireAdminOtp } from '../../entities/site/writes';
import { Card } from '../../ui/Card';
import { siteStateQueryOptions } from '../../entities/site/adminQueries';
import css from './AdminSite.module.css';
import { useApi } from '../../lib/useApi';

/** The site option that the operator must sign in with two-factor; an operator not enrolled yet enrols at the next login. */
export function AdminOtpSwitch({ prefix }: { prefix: string }) {
  const api = useApi();
  const { t } = useLingui();
  const s = useQuery(siteStateQueryOptions(api, prefix)).data;
  const save = useRequireAdminOtp(prefix, {
    confirm: (on: boolean) =>
      on ? t`운영자 로그인에 2단계 인증을 요구하시겠습니까? 아직 등록하지 않았다면 다음 로그인 때 등록하게 됩니다.` : t`운영자 2단계 인증 요구를 끄시겠습니까?`,
    say: 'alert',
  });
  return (
    <Card title={<Trans>운영자 2단계 인증</Trans>}>
      <label className={css.switch}>
        <span>{s?.adminOtpYn === 'Y' ? <Trans>필수</Trans> : <Trans>요구 안 함</Trans>}</span>
        <input type="checkbox" role="switch" name="adminOtpYn" checked={s?.adminOtpYn === 'Y'} onChange={(e) => void save.submit(e.target.checked)} disabled={!s || save.busy} />
      </label>
    </Card>
  );
}

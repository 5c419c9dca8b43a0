import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSealBodies } from '../../entities/site/writes';
import { Card } from '../../ui/Card';
import { siteStateQueryOptions } from '../../entities/site/adminQueries';
import css from './AdminSite.module.css';
import { useApi } from '../../lib/useApi';

/** The site option that every call's body travels sealed (docs/encrypted-bodies.md); open apps switch at their next call. */
export function SealBodiesSwitch({ prefix }: { prefix: string }) {
  const api = useApi();
  const { t } = useLingui();
  const s = useQuery(siteStateQueryOptions(api, prefix)).data;
  const save = useSealBodies(prefix, {
    confirm: (on: boolean) =>
      on ? t`모든 요청과 응답 본문을 암호화하시겠습니까? 열려 있는 앱은 다음 요청부터 암호화합니다.` : t`본문 암호화를 끄시겠습니까? TLS 암호화는 그대로 유지됩니다.`,
    say: 'alert',
  });
  return (
    <Card title={<Trans>본문 암호화</Trans>}>
      <label className={css.switch}>
        <span>{s?.sealYn === 'Y' ? <Trans>암호화함</Trans> : <Trans>암호화 안 함</Trans>}</span>
        <input type="checkbox" role="switch" name="sealYn" checked={s?.sealYn === 'Y'} onChange={(e) => void save.submit(e.target.checked)} disabled={!s || save.busy} />
      </label>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { formatKst } from '../../lib/format';
import { useRevokeOldKey } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import css from './Platform.module.css';

/** After a rotation the key before still works until `oldKeyUntil`: a leaked one is stopped here at once. */
export function SiteKeys({ prefix, oldKeyUntil }: { prefix: string; oldKeyUntil: string | null }) {
  const { t } = useLingui();
  const write = useRevokeOldKey(prefix, {
    confirm: () => t`이전 API 키를 지금 바로 막을까요? 아직 새 키로 바꾸지 않은 연동은 바로 거절됩니다.`,
    say: 'inline',
  });
  if (!oldKeyUntil) return null;
  const until = formatKst(new Date(oldKeyUntil), 'yyyy-MM-dd HH:mm').replace(/-/g, '\u2011');
  return (
    <div className={css.fields} data-testid="old-key">
      <p className={css.lead}>
        <Trans>이전 API 키는 {until}까지 함께 쓸 수 있습니다. 새어 나갔다면 지금 막으세요.</Trans>
      </p>
      {write.error && (
        <p className={css.fieldError} role="alert">
          {write.error}
        </p>
      )}
      <Button variant="secondary" block disabled={write.busy} onClick={() => void write.submit(null)} data-testid="revoke-old-key">
        <Trans>이전 API 키 바로 막기</Trans>
      </Button>
    </div>
  );
}

import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { auditVerifyQueryOptions } from '../../entities/site/securityQueries';
import { useCaller } from '../../lib/caller';
import css from './AdminSecurity.module.css';
import { useApi } from '../../lib/useApi';

/** Runs the audit chain check on demand and says whether it holds, or which row broke it. */
export function AuditVerify() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const check = useQuery({ ...auditVerifyQueryOptions(api, prefix, caller.memId), enabled: false });
  const v = check.data;
  const why = { content: t`내용이 바뀜`, link: t`앞 행과의 연결이 끊김`, order: t`순서가 어긋남`, tail: t`마지막 행이 잘림` };

  return (
    <div className={css.verify}>
      <Button onClick={() => void check.refetch()} disabled={check.isFetching} data-testid="audit-verify">
        <Trans>무결성 검사</Trans>
      </Button>
      <p className={css.hint} role="status" data-testid="audit-verdict">
        {check.isFetching ? (
          <Trans>검사 중…</Trans>
        ) : check.isError ? (
          <Trans>검사하지 못했습니다.</Trans>
        ) : !v ? null : v.ok ? (
          <Trans>체인 정상 ({v.rows}행)</Trans>
        ) : v.auditIdx === null ? (
          <Trans>체인 손상: {why[v.reason!]}</Trans>
        ) : (
          <Trans>
            체인 손상: {v.seq}번째 행 (번호 {v.auditIdx}) — {why[v.reason!]}
          </Trans>
        )}
      </p>
    </div>
  );
}

import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminCalls } from '../../../contract/admin';
import { grantRowKey, useFresh } from '../../entities/cash/freshRow';
import { Button } from '../../ui/Button';
import { DataList } from '../../ui/DataList';
import { inputClass } from '../../ui/Field';
import { FilterBar } from '../../ui/FilterBar';
import { Pager } from '../../ui/Pager';
import { AuditChange } from './AuditChange';
import { auditListQueryOptions } from '../../entities/site/securityQueries';
import { AuditVerify } from './AuditVerify';
import { useCaller } from '../../lib/caller';
import css from './AdminSecurity.module.css';
import { useApi } from '../../lib/useApi';

/** Every operator action: who, what, on whom, before and after, from where and when. */
export function AuditLog() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [word, setWord] = useState('');
  const [actor, setActor] = useState('');
  const list = useQuery(auditListQueryOptions(api, prefix, caller.memId, page, actor));
  const freshKey = useFresh('audit');
  const fresh = page === 1 && !actor ? list.data?.list.find((r) => grantKeyOf(r) === freshKey)?.auditIdx : undefined;

  return (
    <div className={css.page} data-testid="audit-log">
      <h1 className={css.title}>
        <Trans>감사 로그</Trans>
      </h1>
      <AuditVerify />
      <FilterBar onSubmit={() => (setActor(word.trim()), setPage(1))}>
        <input className={inputClass} name="auditActor" aria-label={t`운영자 아이디`} placeholder={t`운영자 아이디`} value={word} onChange={(e) => setWord(e.target.value)} />
        <Button type="submit" variant="primary">
          <Trans>조회</Trans>
        </Button>
      </FilterBar>
      {!list.isPending && (
        <DataList
          rows={list.data?.list ?? []}
          rowKey={(r) => r.auditIdx}
          fresh={fresh}
          columns={[
            { key: 'at', label: t`일시`, render: (r) => r.regDate },
            { key: 'who', label: t`운영자`, render: (r) => r.actorId },
            { key: 'what', label: t`작업`, render: (r) => <span className={css.ip}>{r.action.replace(/^\/api\//, '')}</span> },
            { key: 'target', label: t`대상`, render: (r) => r.target || '-' },
            { key: 'change', label: t`변경`, render: (r) => <AuditChange before={r.before} after={r.after} /> },
            { key: 'ip', label: t`IP`, render: (r) => r.ip },
          ]}
          card={(r) => (
            <div className={css.auditCard}>
              <div className={css.auditHead}>
                <strong>{r.actorId}</strong>
                <span>{r.regDate}</span>
              </div>
              <div className={css.ip}>
                {r.action.replace(/^\/api\//, '')} · {r.target || '-'} · {r.ip}
              </div>
              <AuditChange before={r.before} after={r.after} />
            </div>
          )}
          empty={<Trans>기록이 없습니다.</Trans>}
        />
      )}
      {list.data && <Pager info={list.data.pageInfo} onPage={setPage} />}
    </div>
  );
}

/** A grant's row as its receipt names it (the answer carries no row number): member, kind, mode and amount it asked. */
function grantKeyOf(r: { action: string; after: unknown }) {
  if (r.action !== adminCalls.grant.path || !r.after || typeof r.after !== 'object') return null;
  const a = r.after as { memId?: string; kind?: string; mode?: number; cashAmt?: number };
  return a.memId && a.kind && a.mode && a.cashAmt ? grantRowKey(a.memId, a.kind, a.mode, a.cashAmt) : null;
}

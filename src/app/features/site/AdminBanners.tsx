import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { adminSiteCalls } from '../../../contract/site';
import { alert } from '../../lib/dialogs';
import { siteKey } from '../../lib/queryClient';
import { Badge } from '../../ui/Badge';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Pager } from '../../ui/Pager';
import { useDeleteBanner } from '../../entities/site/writes';
import { BannerEditor, type BannerDraft } from './BannerEditor';
import { adminSiteKey, bannerListQueryOptions } from '../../entities/site/adminQueries';
import css from './AdminSite.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/admin/_operator/banners');
type Row = ResOf<typeof adminSiteCalls.bannerList>['list'][number];

/** Popups and banners: add, edit, switch off, delete. */
export function AdminBanners() {
  const api = useApi();
  const { prefix } = route.useParams();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery(bannerListQueryOptions(api, prefix, page));
  const [draft, setDraft] = useState<BannerDraft | null>(null);
  // the operator's lists and the popups and banners players see
  const invalidates = [adminSiteKey(prefix), siteKey(prefix, 'popups'), siteKey(prefix, 'banners')];
  const refresh = () => Promise.all(invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
  const del = useDeleteBanner(prefix, {
    confirm: () => t`삭제하시겠습니까?`,
    onDone: () => alert(t`삭제되었습니다.`),
  });
  const remove = (r: Row) => del.submit(r);
  const kind = (r: Row) => (r.kind === 'popup' ? t`팝업` : t`배너`);
  const use = (r: Row) =>
    r.useYn === 'Y' ? (
      <Badge tone="ok">
        <Trans>사용</Trans>
      </Badge>
    ) : (
      <Badge>
        <Trans>사용 안 함</Trans>
      </Badge>
    );
  const period = (r: Row) => (r.startDate || r.endDate ? `${r.startDate?.slice(0, 16) ?? ''} ~ ${r.endDate?.slice(0, 16) ?? ''}` : t`항상`);
  const buttons = (r: Row) => (
    <span className={css.rowActions}>
      <Button onClick={() => setDraft(r)}>
        <Trans>수정</Trans>
      </Button>
      <Button variant="ghost" onClick={() => void remove(r)}>
        <Trans>삭제</Trans>
      </Button>
    </span>
  );
  const columns: Column<Row>[] = [
    { key: 'kind', label: <Trans>종류</Trans>, render: kind },
    { key: 'title', label: <Trans>제목</Trans>, render: (r) => r.title },
    { key: 'period', label: <Trans>기간</Trans>, render: period },
    { key: 'ord', label: <Trans>순서</Trans>, render: (r) => r.ord, numeric: true },
    { key: 'use', label: <Trans>사용</Trans>, render: use },
    { key: 'act', label: <Trans>관리</Trans>, render: buttons },
  ];
  return (
    <div className={css.page} data-testid="admin-banners">
      <div className={css.head}>
        <h1 className={css.h1}>
          <Trans>팝업·배너 관리</Trans>
        </h1>
        <Button variant="primary" onClick={() => setDraft({ kind: 'popup' })}>
          <Trans>새로 만들기</Trans>
        </Button>
      </div>
      <DataList
        rows={q.data?.list ?? []}
        columns={columns}
        rowKey={(r) => r.bannerIdx}
        card={(r) => (
          <div className={css.card}>
            <div className={css.cardMain}>
              <strong>{r.title}</strong>
              <span className={css.meta}>
                {kind(r)} · {use(r)} · {period(r)}
              </span>
            </div>
            {buttons(r)}
          </div>
        )}
      />
      {q.data && <Pager info={q.data.pageInfo} onPage={setPage} />}
      <BottomSheet open={draft !== null} title={draft?.bannerIdx ? <Trans>수정</Trans> : <Trans>새로 만들기</Trans>} onClose={() => setDraft(null)}>
        {draft && (
          <BannerEditor
            draft={draft}
            onSaved={() => {
              setDraft(null);
              void refresh();
            }}
          />
        )}
      </BottomSheet>
    </div>
  );
}

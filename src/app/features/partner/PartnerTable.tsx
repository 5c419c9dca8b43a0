import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import type { partnerCalls } from '../../../contract/partner';
import { levelOrder } from '../../../contract/enums';
import { openCreate } from '../../entities/partner/createPopup';
import { Button, buttonClass } from '../../ui/Button';
import { DataList, type Column } from '../../ui/DataList';
import { Money } from '../../widgets/Money';
import { useGiveRetrieve } from '../../widgets/useGiveRetrieve';
import { innerPartnersQueryOptions } from '../../entities/partner/listQueries';
import { useCaller } from '../../lib/caller';
import css from './Lists.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

export type PartnerRow = ResOf<typeof partnerCalls.lowerPartnerList>['list'][number];
type Shown = PartnerRow & { depth: number };

/**
 * The recursive partner table: plus/minus on a partner with lower partners loads them beneath it,
 * minus clears them. Give/retrieve and create-downline only on rows of the top level of the list
 * (the caller's own children: the server moves money for direct children only).
 */
export function PartnerTable({ rows, empty }: { rows: PartnerRow[]; empty?: React.ReactNode }) {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const client = useQueryClient();
  const me = caller.memId;
  const [open, setOpen] = useState<string[]>([]);
  const money = useGiveRetrieve();
  const kids = useQueries({ queries: open.map((id) => innerPartnersQueryOptions(api, prefix, me, id)) });
  const childrenOf = new Map(open.map((id, i) => [id, kids[i].data?.list]));
  const topLevel = levelOrder(caller.partnerLevel) + 1;
  const canCreate = caller.loginType === 'PARTNER';

  const shown: Shown[] = [];
  const walk = (list: PartnerRow[], depth: number) => {
    for (const r of list) {
      shown.push({ ...r, depth });
      const c = childrenOf.get(r.memId);
      if (c) walk(c, depth + 1);
    }
  };
  walk(rows, 0);

  function toggle(r: Shown) {
    if (!open.includes(r.memId)) return setOpen([...open, r.memId]);
    // collapsing clears the children (and theirs): a later open loads them afresh
    const drop = new Set<string>([r.memId]);
    for (const s of shown) if (s.topUserList.some((u) => drop.has(u.recommenderId))) drop.add(s.memId);
    for (const id of drop) client.removeQueries({ queryKey: innerPartnersQueryOptions(api, prefix, me, id).queryKey });
    setOpen(open.filter((id) => !drop.has(id)));
  }

  const top = (r: Shown) => levelOrder(r.partnerLevel) === topLevel;
  const idCell = (r: Shown) => (
    <span className={css.idCell} style={{ paddingLeft: `${r.depth * 16}px` }}>
      {r.cntBottom > 0 ? (
        <button
          type="button"
          className={css.expand}
          aria-expanded={open.includes(r.memId)}
          aria-label={open.includes(r.memId) ? t`하위 닫기` : t`하위 열기`}
          onClick={() => toggle(r)}
          data-testid="row-expand"
        >
          {open.includes(r.memId) ? '−' : '+'}
        </button>
      ) : (
        <span className={css.expandSpace} aria-hidden />
      )}
      <span className={css.idText}>
        <strong>{r.memId}</strong> <span className={css.muted}>{r.memNick}</span>
      </span>
    </span>
  );
  const dept = (r: Shown) => r.topUserList.map((u) => u.recommenderId).join(' › ') || '-';
  const actions = (r: Shown) => (
    <span className={css.actions}>
      {top(r) && (
        <Button onClick={() => money.open(r)} data-testid="row-give">
          <Trans>지급/회수</Trans>
        </Button>
      )}
      {top(r) && canCreate && (
        <Button onClick={() => openCreate(r.memId, r.partnerLevel)}>
          <Trans>하위생성</Trans>
        </Button>
      )}
      <Link className={buttonClass()} to="/$prefix/partnerDetail" params={{ prefix }} search={{ id: r.memId }}>
        <Trans>상세</Trans>
      </Link>
    </span>
  );
  const columns: Column<Shown>[] = [
    { key: 'id', label: t`아이디 / 닉네임`, render: idCell },
    { key: 'level', label: t`등급`, render: (r) => r.partnerLevelName },
    { key: 'dept', label: t`소속`, render: dept },
    { key: 'rate', label: t`롤링/루징(카지노)`, numeric: true, render: (r) => `${r.pointRate}% / ${r.loseRate}%` },
    { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    { key: 'point', label: t`보유포인트`, numeric: true, render: (r) => <Money value={r.pointAmt} unit="point" /> },
    {
      key: 'io',
      label: t`입금/출금`,
      numeric: true,
      render: (r) => (
        <>
          <Money value={r.totalCashInAmt} /> / <Money value={r.totalCashOutAmt} />
        </>
      ),
    },
    { key: 'net', label: t`입출금 차액`, numeric: true, render: (r) => <Money value={r.totalCashInAmt - r.totalCashOutAmt} /> },
    { key: 'join', label: t`가입일`, render: (r) => r.joinDate.slice(0, 10) },
    { key: 'act', label: '', render: actions },
  ];
  const card = (r: Shown) => (
    <div className={css.card} style={{ marginLeft: `${Math.min(r.depth, 3) * 12}px` }} data-depth={r.depth}>
      <div className={css.cardHead}>
        {idCell({ ...r, depth: 0 })}
        <span className={css.badge}>{r.partnerLevelName}</span>
      </div>
      <Facts className={css.pairs}>
        <Fact label={<Trans>보유머니</Trans>}>
          <Money value={r.cashAmt} />
        </Fact>
        <Fact label={<Trans>보유포인트</Trans>}>
          <Money value={r.pointAmt} unit="point" />
        </Fact>
        <Fact label={<Trans>롤링/루징</Trans>}>
          {r.pointRate}% / {r.loseRate}%
        </Fact>
        <Fact label={<Trans>입출금 차액</Trans>}>
          <Money value={r.totalCashInAmt - r.totalCashOutAmt} />
        </Fact>
        <Fact label={<Trans>소속</Trans>}>{dept(r)}</Fact>
        <Fact label={<Trans>가입일</Trans>}>{r.joinDate.slice(0, 10)}</Fact>
      </Facts>
      {actions(r)}
    </div>
  );
  return (
    <>
      <DataList rows={shown} columns={columns} card={card} rowKey={(r) => r.memId} empty={empty} />
      {money.sheet}
    </>
  );
}

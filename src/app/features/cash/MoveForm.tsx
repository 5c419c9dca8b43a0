import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { partnerLevels } from '../../../contract/enums';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { alert } from '../../lib/dialogs';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { SelectField } from '../../ui/Field';
import { GiveRetrieveSheet, type MoneyTarget, type MoveKind, type MoveMode } from '../../widgets/GiveRetrieveSheet';
import { Money } from '../../widgets/Money';
import { SeenAt } from '../../widgets/SeenAt';
import { directTargetsQueryOptions, loginMembersQueryOptions } from '../../entities/cash/transferQueries';
import { useCaller } from '../../lib/caller';
import css from './RetailCash.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

type Online = { memId: string; memNick: string; recommenderId: string; cashAmt: number; pointAmt: number; loginDt: string; totalLoginCount: number };

/** Tab 1: pick a level and a direct child, then give or retrieve through the shared sheet; members online below. */
export function MoveForm() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { t } = useLingui();
  const { memId: me } = useCaller();
  const targets = useQuery(directTargetsQueryOptions(api, prefix, me));
  const online = useQuery(loginMembersQueryOptions(api, prefix, me));
  const levels = useMemo(() => partnerLevels.filter((l) => targets.data?.some((x) => x.partnerLevel === l)), [targets.data]);
  const [level, setLevel] = useState('');
  const [memId, setMemId] = useState('');
  const [sheet, setSheet] = useState<{ target: MoneyTarget; kind: MoveKind; mode: MoveMode } | null>(null);
  const chosenLevel = level || levels[0] || '';
  const ofLevel = targets.data?.filter((x) => x.partnerLevel === chosenLevel) ?? [];
  const target = ofLevel.find((x) => x.memId === memId) ?? null;

  function open(kind: MoveKind, mode: MoveMode, who: MoneyTarget | null = target) {
    if (!who) return void alert(t`회원 아이디를 선택해 주세요.`);
    setSheet({ target: who, kind, mode });
  }

  const columns: Column<Online>[] = [
    { key: 'id', label: t`아이디`, render: (r) => r.memId },
    { key: 'nick', label: t`닉네임`, render: (r) => r.memNick },
    { key: 'cash', label: t`보유머니`, numeric: true, render: (r) => <Money value={r.cashAmt} /> },
    { key: 'login', label: t`접속시간`, render: (r) => r.loginDt },
    { key: 'count', label: t`접속횟수`, numeric: true, render: (r) => formatNumber(r.totalLoginCount) },
    {
      key: 'act',
      label: t`지급/회수`,
      render: (r) =>
        r.recommenderId === me ? (
          <Button className={css.small} onClick={() => open('cash', 'give', r)}>
            <Trans>지급/회수</Trans>
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <Card>
        <div className={css.form}>
          <SelectField label={<Trans>등급</Trans>} value={chosenLevel} onChange={(e) => (setLevel(e.target.value), setMemId(''))}>
            {levels.map((l) => (
              <option key={l} value={l}>
                {partnerLevelName(l)}
              </option>
            ))}
          </SelectField>
          <SelectField label={<Trans>아이디</Trans>} name="targetId" value={memId} onChange={(e) => setMemId(e.target.value)}>
            <option value="">{t`아이디 선택`}</option>
            {ofLevel.map((x) => (
              <option key={x.memId} value={x.memId}>
                {x.memId} ({x.memNick})
              </option>
            ))}
          </SelectField>
          <Facts strong>
            <Fact label={<Trans>대상 보유머니</Trans>} data-testid="target-cash">
              {target ? <Money value={target.cashAmt} /> : '-'}
            </Fact>
            <Fact label={<Trans>대상 보유포인트</Trans>}>{target ? <Money value={target.pointAmt} unit="point" /> : '-'}</Fact>
          </Facts>
          <div className={css.actions}>
            <Button variant="primary" onClick={() => open('cash', 'give')}>
              <Trans>머니 지급</Trans>
            </Button>
            <Button onClick={() => open('cash', 'retrieve')}>
              <Trans>머니 회수</Trans>
            </Button>
            <Button onClick={() => open('point', 'give')}>
              <Trans>포인트 지급</Trans>
            </Button>
            <Button onClick={() => open('point', 'retrieve')}>
              <Trans>포인트 회수</Trans>
            </Button>
          </div>
        </div>
      </Card>
      <h2 className={css.sectionTitle}>
        <Trans>접속중인 회원</Trans>
      </h2>
      <SeenAt query={online} />
      {!online.isPending && <DataList rows={online.data?.list ?? []} columns={columns} rowKey={(r) => r.memId} empty={<Trans>현재 접속중인 회원이 없습니다.</Trans>} />}
      <GiveRetrieveSheet target={sheet?.target ?? null} kind={sheet?.kind ?? 'cash'} mode={sheet?.mode ?? 'give'} onClose={() => setSheet(null)} />
    </>
  );
}

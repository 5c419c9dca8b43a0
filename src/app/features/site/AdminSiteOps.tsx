import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { alert } from '../../lib/dialogs';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { useCashSwitch, useForceLogout, useLockBet, useSaveDepositEvents, useSiteCheck } from '../../entities/site/writes';
import { fromWire, kstNow, toWire } from '../../lib/kstInput';
import { siteStateQueryOptions } from '../../entities/site/adminQueries';
import { AdminOtpSwitch } from './AdminOtpSwitch';
import { SealBodiesSwitch } from './SealBodiesSwitch';
import css from './AdminSite.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/admin/_operator/site');

type EventKey = 'signupFirstPct' | 'dailyFirstPct' | 'everyPct';
/** Point types 5, 6 and 7: at most one per approved deposit, the first that applies. */
const eventFields: [EventKey, () => string][] = [
  ['signupFirstPct', () => t`가입 첫충 이벤트`],
  ['dailyFirstPct', () => t`매일 첫충 이벤트`],
  ['everyPct', () => t`매충 이벤트`],
];

/** Maintenance window, bet lock and forced sign-out. */
export function AdminSiteOps() {
  const api = useApi();
  const { prefix } = route.useParams();
  const state = useQuery(siteStateQueryOptions(api, prefix));
  const s = state.data;
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [memId, setMemId] = useState('');
  const [events, setEvents] = useState<Record<EventKey, string>>({ signupFirstPct: '0', dailyFirstPct: '0', everyPct: '0' });
  // the form takes each newly loaded state, set while rendering so no stale frame shows
  const [loaded, setLoaded] = useState<typeof s>(undefined);
  if (s && s !== loaded) {
    setLoaded(s);
    setStart(fromWire(s.startDate));
    setEnd(fromWire(s.endDate));
    setEvents({ signupFirstPct: String(s.signupFirstPct), dailyFirstPct: String(s.dailyFirstPct), everyPct: String(s.everyPct) });
  }

  const siteCheck = useSiteCheck(prefix, {
    confirm: (v) => (v.startDate ? null : t`점검 시간을 해제하시겠습니까?`),
    onDone: (_r, v) => alert(v.startDate ? t`점검 시간이 저장되었습니다.` : t`점검 시간이 해제되었습니다.`),
  });
  const lockBet = useLockBet(prefix, {
    confirm: (lock) => (lock ? t`전체 베팅을 잠그시겠습니까?` : t`베팅 잠금을 해제하시겠습니까?`),
  });
  const cashSwitch = useCashSwitch(prefix, {
    confirm: ({ kind, open }) =>
      kind === 'inAmtYn'
        ? open
          ? t`사이트 입금을 다시 허용하시겠습니까?`
          : t`사이트 전체 입금을 중지하시겠습니까?`
        : open
          ? t`사이트 출금을 다시 허용하시겠습니까?`
          : t`사이트 전체 출금을 중지하시겠습니까?`,
  });
  const depositEvents = useSaveDepositEvents(prefix, {
    onDone: () => alert(t`입금 이벤트가 저장되었습니다.`),
  });
  const forceLogout = useForceLogout({
    confirm: (id) => t`${id} 회원을 강제 로그아웃하시겠습니까?`,
    onDone: () => (setMemId(''), alert(t`로그아웃 처리되었습니다.`)),
  });

  const saveWindow = async (e: FormEvent) => {
    e.preventDefault();
    if (!start || !end) return alert(t`시작과 종료 시각을 입력해 주세요.`);
    if (end <= start) return alert(t`종료 시각은 시작 시각보다 늦어야 합니다.`);
    await siteCheck.submit({ startDate: toWire(start), endDate: toWire(end) });
  };
  const clearWindow = () => siteCheck.submit({ startDate: null, endDate: null });
  const setLock = (lock: boolean) => lockBet.submit(lock);
  const setCash = (kind: 'inAmtYn' | 'outAmtYn', open: boolean) => cashSwitch.submit({ kind, open });
  const saveEvents = async (e: FormEvent) => {
    e.preventDefault();
    const values = Object.fromEntries(Object.entries(events).map(([k, v]) => [k, Number(v || 0)])) as Record<EventKey, number>;
    if (Object.values(values).some((v) => !Number.isFinite(v) || v < 0 || v > 100)) return alert(t`이벤트 비율은 0~100 사이로 입력해 주세요.`);
    await depositEvents.submit(values);
  };
  const forceOut = async (e: FormEvent) => {
    e.preventDefault();
    const id = memId.trim();
    if (!id) return alert(t`아이디를 입력해 주세요.`);
    await forceLogout.submit(id);
  };

  return (
    <div className={css.page} data-testid="admin-site">
      <h1 className={css.h1}>
        <Trans>사이트 운영</Trans>
      </h1>
      <Card title={<Trans>점검 시간 (KST)</Trans>}>
        <form className={css.form} onSubmit={(e) => void saveWindow(e)} noValidate>
          <div className={css.state} data-testid="check-state">
            {s?.inCheck ? (
              <Badge tone="new">
                <Trans>점검 중</Trans>
              </Badge>
            ) : (
              <Badge tone="ok">
                <Trans>정상 운영</Trans>
              </Badge>
            )}
            {s?.startDate && s.endDate && (
              <span>
                {s.startDate.slice(0, 16)} ~ {s.endDate.slice(0, 16)}
              </span>
            )}
          </div>
          <div className={css.row2}>
            <TextField label={<Trans>시작</Trans>} type="datetime-local" name="startDate" value={start} onChange={(e) => setStart(e.target.value)} />
            <TextField label={<Trans>종료</Trans>} type="datetime-local" name="endDate" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
          <Button
            variant="ghost"
            onClick={() => {
              setStart(kstNow());
              setEnd(kstNow(60));
            }}
          >
            <Trans>지금부터 1시간</Trans>
          </Button>
          <div className={css.buttons}>
            <Button onClick={() => void clearWindow()}>
              <Trans>점검 해제</Trans>
            </Button>
            <Button type="submit" variant="primary">
              <Trans>점검 시간 저장</Trans>
            </Button>
          </div>
        </form>
      </Card>
      <Card title={<Trans>허용</Trans>}>
        {/* every switch here: on = allowed (the bet lock's wire field says the opposite: lockBetYn Y = locked) */}
        <div className={css.form}>
          <label className={css.switch}>
            <span>{s?.lockBetYn === 'Y' ? <Trans>베팅 잠김</Trans> : <Trans>베팅 가능</Trans>}</span>
            <input type="checkbox" role="switch" name="betAllowed" checked={!!s && s.lockBetYn !== 'Y'} onChange={(e) => void setLock(!e.target.checked)} disabled={!s} />
          </label>
          <label className={css.switch}>
            <span>{s?.inAmtYn === 'N' ? <Trans>입금 중지됨</Trans> : <Trans>입금 가능</Trans>}</span>
            <input type="checkbox" role="switch" name="inAmtYn" checked={s?.inAmtYn !== 'N'} onChange={(e) => void setCash('inAmtYn', e.target.checked)} disabled={!s} />
          </label>
          <label className={css.switch}>
            <span>{s?.outAmtYn === 'N' ? <Trans>출금 중지됨</Trans> : <Trans>출금 가능</Trans>}</span>
            <input type="checkbox" role="switch" name="outAmtYn" checked={s?.outAmtYn !== 'N'} onChange={(e) => void setCash('outAmtYn', e.target.checked)} disabled={!s} />
          </label>
        </div>
      </Card>
      <AdminOtpSwitch prefix={prefix} />
      <SealBodiesSwitch prefix={prefix} />
      <Card title={<Trans>입금 이벤트 (포인트 %, 0 = 사용 안 함)</Trans>}>
        <form className={css.form} onSubmit={(e) => void saveEvents(e)} noValidate>
          {eventFields.map(([key, label]) => (
            <TextField
              key={key}
              label={label()}
              name={key}
              inputMode="decimal"
              autoComplete="off"
              value={events[key]}
              onChange={(e) => setEvents((v) => ({ ...v, [key]: e.target.value.replace(/[^\d.]/g, '') }))}
            />
          ))}
          <Button type="submit" variant="primary" block>
            <Trans>이벤트 저장</Trans>
          </Button>
        </form>
      </Card>
      <Card title={<Trans>강제 로그아웃</Trans>}>
        <form className={css.form} onSubmit={(e) => void forceOut(e)} noValidate>
          <TextField label={<Trans>회원 아이디</Trans>} name="forceMemId" autoCapitalize="off" value={memId} onChange={(e) => setMemId(e.target.value)} />
          <Button type="submit" block>
            <Trans>로그아웃 시키기</Trans>
          </Button>
        </form>
      </Card>
    </div>
  );
}

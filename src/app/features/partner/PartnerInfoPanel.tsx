import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPhone } from '../../../contract/validate';
import { alert } from '../../lib/dialogs';
import { useChangePartnerPhone } from '../../entities/partner/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { inputClass } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import { partnerInfoQueryOptions } from '../../entities/partner/treeQueries';
import css from './PartnerTree.module.css';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

/** The selected partner: level, balances, phone (editable), rates, bets and money totals. */
export function PartnerInfoPanel({ prefix, me, memId }: { prefix: string; me: string; memId: string }) {
  const api = useApi();
  const { t } = useLingui();
  const info = useQuery(partnerInfoQueryOptions(api, prefix, me, memId)).data?.partnerInfo;
  const [phone, setPhone] = useState(info?.memPhone ?? '');
  const [loadedPhone, setLoadedPhone] = useState(info?.memPhone);
  if (info?.memPhone !== loadedPhone) {
    setLoadedPhone(info?.memPhone);
    setPhone(info?.memPhone ?? '');
  }

  const write = useChangePartnerPhone(prefix, me, memId, {
    confirm: () => t`전화번호를 변경하시겠습니까?`,
    onDone: () => alert(t`변경되었습니다.`),
  });

  async function changePhone() {
    const value = phone.trim();
    if (!isPhone(value)) return alert(t`전화번호를 확인해 주세요.`);
    await write.submit(value);
  }

  if (!info) return <Card className={css.info}>…</Card>;
  const row = (label: string, casino: number, slot: number, pct = false) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{pct ? `${casino}%` : <Money value={casino} />}</td>
      <td>{pct ? `${slot}%` : <Money value={slot} />}</td>
    </tr>
  );
  return (
    <Card className={css.info} data-testid="partner-info">
      <div className={css.infoHead}>
        <span className={css.badge}>{info.partnerLevelName}</span>
        <strong data-testid="info-id">{info.memId}</strong>
        <span className={css.muted}>{info.memNick}</span>
      </div>
      <Facts className={css.pairs}>
        <Fact label={<Trans>보유머니</Trans>}>
          <Money value={info.cashAmt} />
        </Fact>
        <Fact label={<Trans>보유롤링</Trans>}>
          <Money value={info.pointAmt} unit="point" />
        </Fact>
      </Facts>
      <form className={css.phone} onSubmit={(e) => (e.preventDefault(), void changePhone())}>
        <label className={css.muted} htmlFor="partner-phone">
          <Trans>전화번호</Trans>
        </label>
        <input id="partner-phone" className={inputClass} inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <Button type="submit" disabled={phone.trim() === info.memPhone}>
          <Trans>변경</Trans>
        </Button>
      </form>
      <table className={css.grid}>
        <thead>
          <tr>
            <th />
            <th>
              <Trans>카지노</Trans>
            </th>
            <th>
              <Trans>슬롯</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {row(t`롤링`, info.casinoRate, info.slotRate, true)}
          {row(t`루징`, info.casinoLosing, info.slotLosing, true)}
          {row(t`베팅`, info.casinoBetAmt, info.slotBetAmt)}
          {row(t`당첨`, info.casinoWinAmt, info.slotWinAmt)}
          {row(t`롤링금`, info.casinoRolling, info.slotRolling)}
        </tbody>
      </table>
      <Facts className={css.pairs}>
        <Fact label={<Trans>입금</Trans>}>
          <Money value={info.cashIn} />
        </Fact>
        <Fact label={<Trans>출금</Trans>}>
          <Money value={info.cashOut} />
        </Fact>
        <Fact label={<Trans>지급</Trans>}>
          <Money value={info.payment} />
        </Fact>
        <Fact label={<Trans>회수</Trans>}>
          <Money value={info.payback} />
        </Fact>
      </Facts>
    </Card>
  );
}

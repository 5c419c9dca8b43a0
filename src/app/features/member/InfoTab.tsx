import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResOf } from '../../../contract/define';
import { partnerCalls } from '../../../contract/partner';
import { isNickname } from '../../../contract/validate';
import { alert } from '../../lib/dialogs';
import { useSaveMemberInfo } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Money } from '../../widgets/Money';
import css from './Detail.module.css';
import { Fact, Facts } from '../../ui/Facts';

type Info = ResOf<typeof partnerCalls.detailInfo>['partnerInfo'];

/** Nickname and login permission, both kept only when saved. */
export function InfoTab({ prefix, me, info, editable }: { prefix: string; me: string; memId: string; info: Info; editable: boolean }) {
  const { t } = useLingui();
  const [nick, setNick] = useState(info.memNick);
  const [loginYn, setLoginYn] = useState(info.loginYn);

  const write = useSaveMemberInfo(prefix, me, info.memId, {
    confirm: () => t`저장하시겠습니까?`,
    onDone: () => alert(t`저장되었습니다.`),
  });

  async function save() {
    if (!isNickname(nick)) return alert(t`닉네임은 3~20자로 입력해 주세요.`);
    await write.submit({ memNick: nick, loginYn });
  }

  return (
    <form className={css.form} onSubmit={(e) => (e.preventDefault(), void save())} data-testid="info-tab">
      <TextField label={<Trans>아이디</Trans>} value={info.memId} readOnly />
      <TextField label={<Trans>닉네임</Trans>} name="memNick" value={nick} maxLength={20} readOnly={!editable} onChange={(e) => setNick(e.target.value)} />
      <Facts>
        <Fact label={<Trans>보유머니</Trans>}>
          <Money value={info.cashBalance} />
        </Fact>
        <Fact label={<Trans>롤링포인트</Trans>}>
          <Money value={info.pointBalance} unit="point" />
        </Fact>
        <Fact label={<Trans>가입일</Trans>}>{info.joinDate}</Fact>
      </Facts>
      <label className={css.switch}>
        <span>
          <Trans>로그인 허용</Trans>
        </span>
        <input type="checkbox" role="switch" checked={loginYn === 'Y'} disabled={!editable} onChange={(e) => setLoginYn(e.target.checked ? 'Y' : 'N')} data-testid="login-yn" />
        <span className={css.yn}>{loginYn === 'Y' ? <Trans>허용</Trans> : <Trans>차단</Trans>}</span>
      </label>
      {editable && (
        <Button type="submit" variant="primary" block>
          <Trans>저장</Trans>
        </Button>
      )}
    </form>
  );
}

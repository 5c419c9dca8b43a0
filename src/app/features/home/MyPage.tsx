import { Link, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Trans } from '@lingui/react/macro';
import { session } from '../../lib/session/store';
import { BoardLinks } from '../../entities/board/BoardLinks';
import { Card } from '../../ui/Card';
import { GameMoneyConvert } from '../../widgets/GameMoneyConvert';
import { LanguageSelect } from '../../widgets/LanguageSelect';
import { LogoutButton } from '../../widgets/LogoutButton';
import { Money } from '../../widgets/Money';
import { Fact, Facts } from '../../ui/Facts';
import { useCaller } from '../../lib/caller';
import css from './MyPage.module.css';

export function MyPage() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const caller = useCaller();
  return (
    <div className={css.page}>
      <h1 className={css.title}>
        <Trans>내 정보</Trans>
      </h1>
      <Card>
        <Facts className={css.rows}>
          <Fact label={<Trans>아이디</Trans>}>{caller.memId}</Fact>
          <Fact label={<Trans>닉네임</Trans>}>{member?.memNick}</Fact>
          <Fact label={<Trans>보유머니</Trans>}>
            <Money value={member?.cashAmt} />
          </Fact>
          <Fact label={<Trans>포인트</Trans>}>
            <Money value={member?.pointAmt} unit="point" />
          </Fact>
          <Fact label={<Trans>게임머니</Trans>}>
            <Money value={member?.gameAmt} />
          </Fact>
        </Facts>
      </Card>
      <GameMoneyConvert block />
      <Link to="/$prefix/moveList" params={{ prefix }} className={css.link} data-testid="my-moves">
        <Trans>거래내역</Trans> ›
      </Link>
      <Link to="/$prefix/bettingHistory" params={{ prefix }} className={css.link}>
        <Trans>베팅내역</Trans> ›
      </Link>
      <Link to="/$prefix/coupon" params={{ prefix }} className={css.link} data-testid="my-coupons">
        <Trans>쿠폰함</Trans> ›
      </Link>
      <Link to="/$prefix/infoEdit" params={{ prefix }} className={css.link}>
        <Trans>회원정보 수정</Trans> ›
      </Link>
      <Link to="/$prefix/protection" params={{ prefix }} className={css.link}>
        <Trans>건전한 게임 이용 (한도·휴식)</Trans> ›
      </Link>
      <Card>
        <div className={css.settings}>
          <span>
            <Trans>언어</Trans>
          </span>
          <LanguageSelect />
        </div>
      </Card>
      <Card title={<Trans>고객센터</Trans>}>
        <BoardLinks />
      </Card>
      <LogoutButton variant="secondary" />
    </div>
  );
}

import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** Side-menu groups of the betting, game record, settlement and rate screens. */
export function BetMenuLinks({ groupClass, labelClass }: { groupClass: string; labelClass: string }) {
  const { prefix } = useParams({ from: '/$prefix' });
  return (
    <>
      <div className={groupClass}>
        <span className={labelClass}>
          <Trans>베팅/롤링</Trans>
        </span>
        <Link to="/$prefix/bettingtotal" params={{ prefix }}>
          <Trans>베팅 현황 (전체)</Trans>
        </Link>
        <Link to="/$prefix/bettingcasino" params={{ prefix }}>
          <Trans>베팅 현황 (카지노)</Trans>
        </Link>
        <Link to="/$prefix/bettingslot" params={{ prefix }}>
          <Trans>베팅 현황 (슬롯)</Trans>
        </Link>
        <Link to="/$prefix/bettingList" params={{ prefix }}>
          <Trans>베팅 내역</Trans>
        </Link>
        <Link to="/$prefix/bettingListSport" params={{ prefix }}>
          <Trans>스포츠 베팅 내역</Trans>
        </Link>
      </div>
      <div className={groupClass}>
        <span className={labelClass}>
          <Trans>게임 기록</Trans>
        </span>
        <Link to="/$prefix/statDateBet" params={{ prefix }}>
          <Trans>일별 베팅</Trans>
        </Link>
        <Link to="/$prefix/statisticDateGames" params={{ prefix }}>
          <Trans>일별 게임 통계</Trans>
        </Link>
        <Link to="/$prefix/statisticDateUsers" params={{ prefix }}>
          <Trans>일별 회원 통계</Trans>
        </Link>
        <Link to="/$prefix/statisticDateAgent" params={{ prefix }}>
          <Trans>일별 파트너 통계</Trans>
        </Link>
        <Link to="/$prefix/statisticAllUsers" params={{ prefix }}>
          <Trans>회원별 통계</Trans>
        </Link>
        <Link to="/$prefix/statisticAllGames" params={{ prefix }}>
          <Trans>게임별 통계</Trans>
        </Link>
      </div>
      <div className={groupClass}>
        <span className={labelClass}>
          <Trans>정산</Trans>
        </span>
        <Link to="/$prefix/partnerCalculationList" params={{ prefix }}>
          <Trans>파트너 정산</Trans>
        </Link>
        <Link to="/$prefix/partnerCalculationUserList" params={{ prefix }}>
          <Trans>회원 정산</Trans>
        </Link>
        <Link to="/$prefix/partnerRate" params={{ prefix }}>
          <Trans>요율 설정</Trans>
        </Link>
      </div>
    </>
  );
}

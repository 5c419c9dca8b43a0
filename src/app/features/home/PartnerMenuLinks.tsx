import { Link, useParams } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { levelOrder } from '../../../contract/enums';
import { partnerLevelName } from '../../entities/partner/levelNames';
import { useCaller } from '../../lib/caller';

const levelCodes = ['PTN_1', 'PTN_2', 'PTN_3', 'PTN_4', 'PTN_5', 'PTN_6', 'PTN_7'] as const;

/** Side-menu groups for partners and members; the partner lists are hidden for P_NORMAL (seed §6). */
export function PartnerMenuLinks({ groupClass, labelClass }: { groupClass: string; labelClass: string }) {
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const partner = caller.loginType === 'PARTNER' && caller.partnerLevel !== 'NORMAL';
  const mine = levelOrder(caller.partnerLevel ?? 'NORMAL');
  const below = levelCodes.filter((c) => levelOrder(c) > mine);
  return (
    <>
      {partner && (
        <div className={groupClass}>
          <span className={labelClass}>
            <Trans>파트너</Trans>
          </span>
          <Link to="/$prefix/partnerList" params={{ prefix }}>
            <Trans>전체 파트너</Trans>
          </Link>
          <Link to="/$prefix/partnerList2" params={{ prefix }}>
            <Trans>파트너 리스트</Trans>
          </Link>
          {below.map((code) => (
            <Link key={code} to="/$prefix/partnerListLevel{$code}" params={{ prefix, code }}>
              <Trans>{partnerLevelName(code)} 전체 리스트</Trans>
            </Link>
          ))}
        </div>
      )}
      <div className={groupClass}>
        <span className={labelClass}>
          <Trans>회원</Trans>
        </span>
        <Link to="/$prefix/partnerUserList" params={{ prefix }}>
          <Trans>회원 리스트</Trans>
        </Link>
        <Link to="/$prefix/partnerMemberList" params={{ prefix }}>
          <Trans>회원 머니 관리</Trans>
        </Link>
        <Link to="/$prefix/subMemberList" params={{ prefix }}>
          <Trans>하위 회원 리스트</Trans>
        </Link>
        <Link to="/$prefix/onlineMemberList" params={{ prefix }}>
          <Trans>접속</Trans>
        </Link>
      </div>
    </>
  );
}

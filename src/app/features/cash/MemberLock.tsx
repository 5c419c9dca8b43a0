import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { alert } from '../../lib/dialogs';
import { useResetTwoFactor, useUnlockMember } from '../../entities/member/writes';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ProtectionFacts } from '../../widgets/ProtectionFacts';
import css from './AdminCash.module.css';
import { memberStateQueryOptions } from '../../entities/cash/queueQueries';
import { Fact, Facts } from '../../ui/Facts';
import { useApi } from '../../lib/useApi';

/**
 * The member's wrong-password locks (login and withdrawal password) with the operator's unlock,
 * its two-factor reset, and the player's own protection (read only).
 */
export function MemberLock({ prefix, me, memId }: { prefix: string; me: string; memId: string }) {
  const api = useApi();
  const { t } = useLingui();
  const options = memberStateQueryOptions(api, prefix, me, memId);
  const state = useQuery(options);
  const unlock = useUnlockMember(prefix, me, memId, {
    confirm: () => t`${memId} 회원의 잠금을 해제하시겠습니까?`,
    onDone: () => alert(t`잠금이 해제되었습니다.`),
  });
  const resetOtp = useResetTwoFactor(prefix, me, memId, {
    confirm: () => t`${memId} 회원의 2단계 인증을 해제하시겠습니까? 다음 로그인은 비밀번호만으로 됩니다.`,
    onDone: () => alert(t`2단계 인증이 해제되었습니다.`),
  });
  const s = state.data;
  if (!s) return null;
  const locked = !!(s.lockedUntil || s.outLockedUntil);
  return (
    <>
      <Card title={<Trans>계정 잠금</Trans>}>
        <div className={css.form} data-testid="member-lock">
          <Facts strong>
            <Fact label={<Trans>상태</Trans>}>
              {locked ? (
                <Badge tone="new">
                  <Trans>잠김</Trans>
                </Badge>
              ) : (
                <Badge tone="ok">
                  <Trans>정상</Trans>
                </Badge>
              )}
            </Fact>
            <Fact label={<Trans>비밀번호 오류 횟수</Trans>}>{s.failedLogins}</Fact>
            {s.lockedUntil && <Fact label={<Trans>로그인 잠금 해제 예정</Trans>}>{s.lockedUntil}</Fact>}
            {s.outLockedUntil && <Fact label={<Trans>출금 잠금 해제 예정</Trans>}>{s.outLockedUntil}</Fact>}
            <Fact label={<Trans>2단계 인증</Trans>} data-testid="member-otp">
              {s.otpYn === 'Y' ? <Trans>사용</Trans> : <Trans>미사용</Trans>}
            </Fact>
          </Facts>
          {(locked || s.failedLogins > 0) && (
            <Button variant="primary" disabled={unlock.busy} onClick={() => void unlock.submit()}>
              <Trans>잠금 해제</Trans>
            </Button>
          )}
          {s.otpYn === 'Y' && (
            <Button onClick={() => void resetOtp.submit()} disabled={resetOtp.busy} data-testid="member-otp-reset">
              <Trans>2단계 인증 초기화</Trans>
            </Button>
          )}
        </div>
      </Card>
      {s.protection && (
        <Card title={<Trans>건전한 게임 이용 (회원 설정)</Trans>}>
          <ProtectionFacts p={s.protection} />
        </Card>
      )}
    </>
  );
}

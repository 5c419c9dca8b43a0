import { useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { twoFactorStateQueryOptions } from '../../entities/member/twoFactorQueries';
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactor } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { OtpSetup, RecoveryCodes } from '../../ui/OtpSetup';
import { useCaller } from '../../lib/caller';
import css from './InfoEdit.module.css';
import { useApi } from '../../lib/useApi';

type Enrolment = { secret: string; qrDataUrl: string };

/** Two-factor sign-in on the account screen: set up (QR, first code, recovery codes) or turn off (password and code). */
export default function TwoFactorCard() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const caller = useCaller();
  const { t } = useLingui();
  const stateQuery = twoFactorStateQueryOptions(api, prefix, caller.memId);
  const state = useQuery(stateQuery);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [off, setOff] = useState({ memPass: '', otpCode: '' });
  // turning it on asks the current password first: a session alone must not enrol another authenticator
  const [onPass, setOnPass] = useState('');

  const start = useStartTwoFactor({
    say: 'inline',
    onDone: (r) => (setOnPass(''), setEnrolment(r)),
  });
  const submitOn = (e: FormEvent) => {
    e.preventDefault();
    if (onPass) void start.submit(onPass);
  };
  const enable = useEnableTwoFactor(prefix, caller.memId, {
    say: 'inline',
    onDone: (r) => (setEnrolment(null), setCodes(r.recoveryCodes)),
  });
  const disable = useDisableTwoFactor(prefix, caller.memId, {
    confirm: () => t`2단계 인증을 끄시겠습니까?`,
    say: 'inline',
    onDone: () => setOff({ memPass: '', otpCode: '' }),
  });
  const submitOff = (e: FormEvent) => {
    e.preventDefault();
    if (off.memPass && off.otpCode) void disable.submit(off);
  };
  const s = state.data;

  return (
    <Card title={<Trans>2단계 인증</Trans>}>
      <div className={css.form} data-testid="two-factor">
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : enrolment ? (
          <OtpSetup {...enrolment} busy={enable.busy} error={enable.error} onConfirm={(c) => void enable.submit(c)} />
        ) : !s ? null : s.otpYn === 'N' ? (
          <form className={css.form} onSubmit={submitOn} noValidate>
            <p className={css.hint}>
              <Trans>로그인할 때 비밀번호와 함께 인증 앱의 코드를 입력합니다. 비밀번호가 새어도 계정을 지킬 수 있습니다.</Trans>
            </p>
            <TextField
              label={<Trans>비밀번호</Trans>}
              name="otpOnPass"
              type="password"
              autoComplete="current-password"
              value={onPass}
              onChange={(e) => setOnPass(e.target.value)}
            />
            {start.error && (
              <p className={css.error} role="alert">
                {start.error}
              </p>
            )}
            <Button type="submit" variant="primary" block disabled={start.busy || !onPass} data-testid="otp-start">
              <Trans>2단계 인증 설정</Trans>
            </Button>
          </form>
        ) : (
          <form className={css.form} onSubmit={submitOff} noValidate>
            <p className={css.done} data-testid="otp-on">
              <Trans>사용 중 · 남은 복구 코드 {s.recoveryLeft}개</Trans>
            </p>
            <TextField
              label={<Trans>비밀번호</Trans>}
              name="otpOffPass"
              type="password"
              autoComplete="current-password"
              value={off.memPass}
              onChange={(e) => setOff((v) => ({ ...v, memPass: e.target.value }))}
            />
            <TextField
              label={<Trans>인증 코드 또는 복구 코드</Trans>}
              name="otpOffCode"
              autoComplete="one-time-code"
              value={off.otpCode}
              onChange={(e) => setOff((v) => ({ ...v, otpCode: e.target.value.trim() }))}
            />
            {disable.error && (
              <p className={css.error} role="alert">
                {disable.error}
              </p>
            )}
            <Button type="submit" block disabled={disable.busy || !off.memPass || !off.otpCode}>
              {off.memPass && off.otpCode ? <Trans>2단계 인증 끄기</Trans> : <Trans>비밀번호와 코드를 입력하세요</Trans>}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

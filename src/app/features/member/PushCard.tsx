import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '../../../contract/enums';
import { deviceSubscription, sendSubscription } from '../../lib/push';
import { useDisablePush, useEnablePush } from '../../entities/member/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import css from './InfoEdit.module.css';
import { useApi } from '../../lib/useApi';

/** Notifications on this device (opt-in): answers, messages, deposits and withdrawals, partner requests. */
export default function PushCard() {
  const api = useApi();
  const { t, i18n } = useLingui();
  const lang = i18n.locale as Language;
  const [on, setOn] = useState<boolean | null>(null);
  const [denied, setDenied] = useState(false);
  // a new device is a security change: the current password, so a stolen session cannot add the thief's phone
  const [curPass, setCurPass] = useState('');

  useEffect(() => {
    let live = true;
    void deviceSubscription().then((sub) => {
      if (!live) return;
      setOn(!!sub);
      // the server ties a subscription to the session and language: keep both current
      if (sub) void sendSubscription(api, sub, lang).catch(() => undefined);
    });
    return () => {
      live = false;
    };
  }, [api, lang]);

  const enable = useEnablePush({
    say: 'inline',
    onDone: (ok) => (setOn(ok), setDenied(!ok), setCurPass('')),
  });
  const disable = useDisablePush({ confirm: () => t`이 기기에서 알림을 끄시겠습니까?`, say: 'inline', onDone: () => setOn(false) });

  return (
    <Card title={<Trans>알림</Trans>}>
      <div className={css.form} data-testid="push">
        <p className={css.hint}>
          <Trans>앱을 닫아도 문의 답변, 새 쪽지, 충전·환전 처리 결과를 이 기기로 알려 드립니다.</Trans>
        </p>
        {denied && (
          <p className={css.error}>
            <Trans>알림이 차단되어 있습니다. 브라우저 설정에서 알림을 허용해 주세요.</Trans>
          </p>
        )}
        {(enable.error ?? disable.error) && <p className={css.error}>{enable.error ?? disable.error}</p>}
        {on === null ? null : on ? (
          <Button variant="secondary" block disabled={disable.busy} onClick={() => void disable.submit()}>
            <Trans>이 기기 알림 끄기</Trans>
          </Button>
        ) : (
          <form
            className={css.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (curPass) void enable.submit({ lang, curPass });
            }}
          >
            <TextField
              label={<Trans>현재 비밀번호</Trans>}
              name="pushCurPass"
              type="password"
              autoComplete="current-password"
              value={curPass}
              onChange={(e) => setCurPass(e.target.value)}
            />
            <Button type="submit" variant="primary" block disabled={enable.busy || !curPass}>
              <Trans>이 기기 알림 켜기</Trans>
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

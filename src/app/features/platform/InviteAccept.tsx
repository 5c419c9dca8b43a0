import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../../contract/codes';
import { isPlatformPassword } from '../../../contract/validate';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import { setupTokenOf } from '../../lib/platform';
import { useAcceptInvite, type InviteField } from '../../entities/platform/writes';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PlatformFrame } from './PlatformFrame';
import auth from '../../ui/Auth.module.css';
import css from './Platform.module.css';
import { useApi } from '../../lib/useApi';
import { inviteCheckQueryOptions } from '../../entities/platform/queries';

/**
 * A site's operator invitation (/{prefix}/admin/invite#token): the operator chooses an id and a
 * password under the platform's rule (the operator moves every player's money), then signs in
 * with that id already filled.
 */
export function InviteAccept() {
  const api = useApi();
  const { t } = useLingui();
  const navigate = useNavigate();
  const { prefix } = useParams({ strict: false }) as { prefix: string };
  const [token] = useState(() => setupTokenOf(window.location.hash));
  const [form, setForm] = useState({ memId: '', password: '', passwordCheck: '' });
  // the rule is said beside the field once it was left, before anything is sent
  const [left, setLeft] = useState(false);
  const weak = left && !!form.password && !isPlatformPassword(form.password);
  const check = useQuery({ ...inviteCheckQueryOptions(api, prefix, token), enabled: token.length >= 20 });
  const write = useAcceptInvite(prefix, token, {
    say: 'inline',
    onDone: async () => {
      await alert(t`계정이 만들어졌습니다. 이제 로그인하세요.`);
      await navigate({ to: '/$prefix/admin/login', params: { prefix }, search: { id: form.memId.trim() }, replace: true });
    },
  });
  const set = (k: InviteField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.target.value });
    write.clear(k);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLeft(true);
    if (isPlatformPassword(form.password)) void write.submit(form);
  };

  if (token.length < 20 || check.isError)
    return (
      <PlatformFrame title={t`운영자 초대`} logo={`/${prefix}/icons/icon-192.png`}>
        <p className={css.lead} role="alert" data-testid="invite-invalid">
          {check.error ? apiMessage(check.error) : t`초대 링크가 올바르지 않습니다. 받은 링크를 그대로 여세요.`}
        </p>
      </PlatformFrame>
    );
  return (
    <PlatformFrame title={check.data?.siteName ?? t`운영자 초대`} logo={`/${prefix}/icons/icon-192.png`} subtitle={t`운영자 계정을 만듭니다. 아이디와 비밀번호는 직접 정하세요.`}>
      <form className={auth.form} onSubmit={submit} noValidate data-testid="invite-accept">
        <TextField
          label={t`아이디`}
          hint={t`영문과 숫자 4~13자`}
          name="memId"
          autoComplete="username"
          autoCapitalize="none"
          value={form.memId}
          onChange={set('memId')}
          error={write.fieldErrors.memId}
        />
        <TextField
          label={t`비밀번호`}
          hint={t`10~64자. 회원의 머니를 다루는 계정이라 길게 정하세요.`}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={form.password}
          onChange={set('password')}
          onBlur={() => setLeft(true)}
          error={write.fieldErrors.password ?? (weak ? apiMessage(new ApiError('PF004')) : undefined)}
        />
        <TextField
          label={t`비밀번호 확인`}
          name="passwordCheck"
          type="password"
          autoComplete="new-password"
          value={form.passwordCheck}
          onChange={set('passwordCheck')}
          error={write.fieldErrors.passwordCheck}
        />
        {write.error && (
          <p className={css.fieldError} role="alert">
            {write.error}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={write.busy || !check.data || !form.memId || !form.password || !form.passwordCheck}>
          <Trans>계정 만들기</Trans>
        </Button>
      </form>
    </PlatformFrame>
  );
}

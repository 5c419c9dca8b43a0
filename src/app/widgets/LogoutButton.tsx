import { Trans } from '@lingui/react/macro';
import { withLoading } from '../lib/dialogs';
import { signOut } from '../lib/session/lifecycle';
import { Button } from '../ui/Button';

export function LogoutButton({ variant = 'ghost' }: { variant?: 'primary' | 'secondary' | 'ghost' }) {
  return (
    <Button variant={variant} onClick={() => void withLoading(signOut('user'))}>
      <Trans>로그아웃</Trans>
    </Button>
  );
}

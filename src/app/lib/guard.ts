import { redirect } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { alert } from './dialogs';
import { isLoggedIn, session } from './session/store';
import type { MemberInfo } from '../../contract/member';
import { loginPages } from '../../contract/loginPages';

export type ShellKind = 'player' | 'partner' | 'admin';

/** Where each kind of user lands. */
export function dashboardOf(kind: ShellKind | null) {
  if (kind === 'partner') return '/$prefix/partnerMain' as const;
  if (kind === 'admin') return '/$prefix/admin' as const;
  return '/$prefix/main' as const;
}

export function loginOf(kind: ShellKind | null) {
  return loginPages[kind ?? 'player'];
}

export function kindOf(loginType: string | null | undefined): ShellKind | null {
  if (!loginType) return null;
  if (loginType === 'PARTNER' || loginType === 'P_NORMAL') return 'partner';
  if (loginType === 'ADMIN') return 'admin';
  return 'player';
}

/** Who is signed in, as the guarded layouts put it into the router context (`context.caller`). */
export type Caller = Pick<MemberInfo, 'memId' | 'loginType' | 'partnerLevel'> & { kind: ShellKind };

export function callerOf(): Caller | null {
  const m = session.member;
  if (!isLoggedIn() || !m) return null;
  return { memId: m.memId, loginType: m.loginType, partnerLevel: m.partnerLevel, kind: kindOf(m.loginType) ?? 'player' };
}

export const currentKind = () => callerOf()?.kind ?? null;

/**
 * Guarded routes: logged-out visitors get the login-required alert and go to the right login. The
 * signed-in caller is returned for the layout's `beforeLoad`, so every route below reads `context.caller`.
 */
export async function requireShell(prefix: string, kind: ShellKind, preload = false): Promise<{ caller: Caller }> {
  const caller = callerOf();
  if (caller?.kind === kind) return { caller };
  if (caller) throw redirect({ to: dashboardOf(caller.kind), params: { prefix } });
  // a hover preload must not pop the alert
  if (!preload) await alert(t`로그인이 필요합니다.`);
  throw redirect({ to: loginOf(kind), params: { prefix } });
}

/** Guest-only routes send a logged-in user to their dashboard. */
export function requireGuest(prefix: string) {
  const current = currentKind();
  if (current) throw redirect({ to: dashboardOf(current), params: { prefix } });
}

import { createFileRoute, redirect } from '@tanstack/react-router';
import { twoFactorCalls } from '../../../../contract/twoFactor';
import { requireShell } from '../../../lib/guard';
import { otpOfferQuery } from '../../../entities/member/twoFactorQueries';
import { TwoFactorOffer } from '../../../features/auth/TwoFactorOffer';

// after the operator's sign-in, before the console: the offer when the server makes one, else on to the console.
// `?setup=1` (the first-day checklist) asks for it even after the operator put the offer off, unless it is on.
export const Route = createFileRoute('/$prefix/admin/twoFactor')({
  validateSearch: (s: Record<string, unknown>): { setup?: 1 } => (s.setup === 1 || s.setup === '1' ? { setup: 1 } : {}),
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, 'admin', preload),
  loaderDeps: ({ search }) => ({ setup: search.setup === 1 }),
  loader: async ({ context, params, deps }) => {
    const offer = deps.setup
      ? await context.api(twoFactorCalls.state, {}).then(
          (s) => s.otpYn !== 'Y',
          () => false,
        )
      : await context.queryClient.ensureQueryData(otpOfferQuery(context.api, params.prefix, context.caller.memId)).then(
          (r) => r.offer,
          () => false,
        );
    if (!offer) throw redirect({ to: '/$prefix/admin', params, replace: true });
  },
  component: TwoFactorOffer,
});

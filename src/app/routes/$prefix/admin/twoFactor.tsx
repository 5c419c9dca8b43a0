import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireShell } from '../../../lib/guard';
import { otpOfferQuery } from '../../../features/auth/twoFactorOffer';
import { TwoFactorOffer } from '../../../features/auth/TwoFactorOffer';

// after the operator's sign-in, before the console: the offer when the server makes one, else on to the console
export const Route = createFileRoute('/$prefix/admin/twoFactor')({
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, 'admin', preload),
  loader: async ({ context, params }) => {
    const r = await context.queryClient.ensureQueryData(otpOfferQuery(context.api, params.prefix, context.caller.memId)).catch(() => ({ offer: false }));
    if (!r.offer) throw redirect({ to: '/$prefix/admin', params, replace: true });
  },
  component: TwoFactorOffer,
});

import { createFileRoute } from '@tanstack/react-router';
import { requireGuest } from '../../lib/guard';
import { signupSearch } from '../../lib/signupLink';
import { SignupScreen } from '../../features/auth/SignupScreen';

export const Route = createFileRoute('/$prefix/signup')({
  validateSearch: signupSearch,
  beforeLoad: ({ params }) => requireGuest(params.prefix),
  loaderDeps: ({ search }) => ({ ref: search.ref }),
  loader: async ({ context, params, deps }) => {
    const [q, b] = await Promise.all([import('../../entities/member/signupQueries'), import('../../entities/site/bankQueries')]);
    const banks = context.queryClient.ensureQueryData(b.bankQueryOptions(context.api, params.prefix)).catch(() => undefined);
    // a link's recommender, or why the link is no good: the screen reads the answer or the refusal
    const rec = deps.ref === undefined ? undefined : context.queryClient.ensureQueryData(q.recommenderQueryOptions(context.api, params.prefix, deps.ref)).catch(() => undefined);
    await Promise.all([banks, rec]);
  },
  component: SignupScreen,
});

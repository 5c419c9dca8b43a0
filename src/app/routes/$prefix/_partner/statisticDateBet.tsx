import { createFileRoute, redirect } from '@tanstack/react-router';

/** The menu's name for /statDateBet. */
export const Route = createFileRoute('/$prefix/_partner/statisticDateBet')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$prefix/statDateBet', params, replace: true });
  },
});

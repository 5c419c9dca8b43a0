import { createFileRoute, redirect } from '@tanstack/react-router';

/** The menu's name for /statisticDateGames. */
export const Route = createFileRoute('/$prefix/_partner/statDateGames')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$prefix/statisticDateGames', params, replace: true });
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';

/** The menu's name for /statisticDateUsers. */
export const Route = createFileRoute('/$prefix/_partner/statDateUsers')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$prefix/statisticDateUsers', params, replace: true });
  },
});

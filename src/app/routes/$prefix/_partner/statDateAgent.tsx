import { createFileRoute, redirect } from '@tanstack/react-router';

/** The menu's name for /statisticDateAgent. */
export const Route = createFileRoute('/$prefix/_partner/statDateAgent')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$prefix/statisticDateAgent', params, replace: true });
  },
});

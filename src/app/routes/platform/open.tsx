import { createFileRoute, redirect } from '@tanstack/react-router';
import { platformToken } from '../../lib/platform';
import { OpenSiteForm } from '../../features/platform/OpenSiteForm';

export const Route = createFileRoute('/platform/open')({
  beforeLoad: () => {
    if (!platformToken()) throw redirect({ to: '/platform/login', replace: true });
  },
  component: OpenSiteForm,
});

import { createFileRoute } from '@tanstack/react-router';
import { requireShell } from '../../../lib/guard';
import { PartnerShell } from '../../../features/home/PartnerShell';
import { CreatePopupHost } from '../../../features/partner/create/CreatePopupHost';

export const Route = createFileRoute('/$prefix/_partner')({
  beforeLoad: ({ params, preload }) => requireShell(params.prefix, 'partner', preload),
  component: () => <PartnerShell popups={<CreatePopupHost />} />,
});

import { createFileRoute } from '@tanstack/react-router';
import { OnlineList } from '../../../features/partner/OnlineList';

export const Route = createFileRoute('/$prefix/_partner/userOnlinelist')({ component: OnlineList });

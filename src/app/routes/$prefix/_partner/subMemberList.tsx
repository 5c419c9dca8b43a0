import { createFileRoute } from '@tanstack/react-router';
import { SubMemberList } from '../../../features/partner/SubMemberList';

export const Route = createFileRoute('/$prefix/_partner/subMemberList')({ component: SubMemberList });

import { createFileRoute } from '@tanstack/react-router';
import { MemberMoney } from '../../../../features/cash/MemberMoney';

export const Route = createFileRoute('/$prefix/admin/_operator/members')({ component: MemberMoney });

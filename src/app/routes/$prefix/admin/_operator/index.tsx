import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../../../features/admin/AdminHome';

export const Route = createFileRoute('/$prefix/admin/_operator/')({ component: AdminHome });

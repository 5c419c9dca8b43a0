import { createFileRoute } from '@tanstack/react-router';
import { AuditLog } from '../../../../features/adminSecurity/AuditLog';

export const Route = createFileRoute('/$prefix/admin/_operator/audit')({ component: AuditLog });

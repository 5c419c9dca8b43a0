import { createFileRoute } from '@tanstack/react-router';
import { AuditLog } from '../../../../features/security/AuditLog';

export const Route = createFileRoute('/$prefix/admin/_operator/audit')({ component: AuditLog });

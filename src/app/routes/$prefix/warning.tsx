import { createFileRoute } from '@tanstack/react-router';
import { Warning } from '../../features/site/Warning';

const reasons = ['maintenance', 'inspect', 'signedOut'] as const;
type Reason = (typeof reasons)[number];

export const Route = createFileRoute('/$prefix/warning')({
  validateSearch: (s: Record<string, unknown>): { reason: Reason } => ({
    reason: reasons.includes(s.reason as Reason) ? (s.reason as Reason) : 'maintenance',
  }),
  component: Warning,
});

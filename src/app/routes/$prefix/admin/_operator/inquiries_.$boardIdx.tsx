import { createFileRoute } from '@tanstack/react-router';
import { adminInquiryQueryOptions } from '../../../../features/adminBoard/queries';
import { AdminInquiryAnswer } from '../../../../features/adminBoard/AdminInquiryAnswer';

export const Route = createFileRoute('/$prefix/admin/_operator/inquiries_/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(adminInquiryQueryOptions(params.prefix, params.boardIdx)).catch(() => undefined),
  component: AdminInquiryAnswer,
});

import { createFileRoute } from '@tanstack/react-router';
import { AdminInquiryAnswer } from '../../../../features/board/AdminInquiryAnswer';

export const Route = createFileRoute('/$prefix/admin/_operator/inquiries_/$boardIdx')({
  params: { parse: (p) => ({ boardIdx: Number(p.boardIdx) || 0 }), stringify: (p) => ({ boardIdx: String(p.boardIdx) }) },
  loader: async ({ context, params }) => {
    const q = await import('../../../../entities/board/adminQueries');
    await context.queryClient.ensureQueryData(q.adminInquiryQueryOptions(context.api, params.prefix, params.boardIdx)).catch(() => undefined);
  },
  component: AdminInquiryAnswer,
});

import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { adminBoardCalls, boardCalls } from '../../../contract/board';
import type { ReqOf, ResOf } from '../../../contract/define';
import { adminMessageCalls, messageCalls } from '../../../contract/message';
import { session } from '../../lib/session/store';
import { useApi } from '../../lib/useApi';
import { useWrite, type ScreenPart } from '../../lib/write/useWrite';
import { adminKey } from './adminQueries';
import { markReadInCache, msgKey } from './messageQueries';
import { qnaKey } from './queries';

type InquiryBody = Omit<ReqOf<typeof boardCalls.save.faq>, 'memId'>;

/** The member's new inquiry (the list's bank-account shortcut is one too). */
export function useSaveInquiry(prefix: string, memId: string, screen: ScreenPart<InquiryBody>) {
  const api = useApi();
  return useWrite({ run: (body: InquiryBody) => api(boardCalls.save.faq, { ...body, memId }), invalidates: [qnaKey(prefix, memId)], ...screen });
}

/** The member deletes its own inquiries. */
export function useDeleteInquiries(prefix: string, memId: string, screen: ScreenPart<number[]>) {
  const api = useApi();
  return useWrite({
    run: (ids: number[]) => api(boardCalls.save.faq, { delYn: 'Y', boardIdxList: ids, memId }),
    invalidates: [qnaKey(prefix, memId)],
    ...screen,
  });
}

/** The deposit form's "ask for the account": a fixed inquiry, refused offline as a money form is. */
export function useAskDepositAccount(memId: string, memName: string | undefined, screen: ScreenPart<void>) {
  const api = useApi();
  return useWrite({
    money: true,
    run: () => api(boardCalls.save.faq, { faqType: 'bankaccount', category: '', memId, memName, title: t`계좌 문의`, content: t`입금 계좌 문의입니다.` }),
    ...screen,
  });
}

type Counts = { newMsg: number };

/** The member deletes read messages; the answer's unread count goes to the session. */
export function useDeleteMessages(prefix: string, memId: string, screen: ScreenPart<number[], Counts>) {
  const api = useApi();
  return useWrite({
    run: async (ids: number[]) => {
      const res = await api(messageCalls.msgUpdate, { msgIdxList: ids, recieveId: memId, status: 'N' });
      session.msgInfo.newMsg = res.newMsg;
      return res;
    },
    invalidates: [msgKey(prefix, memId)],
    ...screen,
  });
}

/** Every message read: the cached pages show it at once (offline no refetch would come). */
export function useReadAllMessages(prefix: string, memId: string, screen: ScreenPart<void, Counts>) {
  const api = useApi();
  const client = useQueryClient();
  return useWrite({
    run: async () => {
      const res = await api(messageCalls.msgRead, {});
      markReadInCache(client, prefix, memId, 'all');
      session.msgInfo.newMsg = res.newMsg;
      return res;
    },
    invalidates: [msgKey(prefix, memId)],
    ...screen,
  });
}

export type NoticeBody = ReqOf<typeof adminBoardCalls.save.nt>;

/** The operator writes or edits a notice; the caller refetches its list when the editor closes. */
export function useSaveNotice(screen: ScreenPart<NoticeBody>) {
  const api = useApi();
  return useWrite({ run: (v: NoticeBody) => api(adminBoardCalls.save.nt, v), invalidates: [], ...screen });
}

export function useDeleteNotice(prefix: string, screen: ScreenPart<{ boardIdx: number }>) {
  const api = useApi();
  return useWrite({
    run: (r: { boardIdx: number }) => api(adminBoardCalls.save.nt, { boardIdx: r.boardIdx, delYn: 'Y' }),
    sig: (r) => `delete:${r.boardIdx}`,
    invalidates: [adminKey(prefix)],
    ...screen,
  });
}

/** The operator's reply to an inquiry (its author is told live). */
export function useAnswerInquiry(prefix: string, boardIdx: number, screen: ScreenPart<string>) {
  const api = useApi();
  return useWrite({ run: (content: string) => api(boardCalls.cmtSave, { boardIdx, content }), invalidates: [adminKey(prefix)], ...screen });
}

export type MessageBody = ReqOf<typeof adminMessageCalls.send>;

/** The operator sends a message to a member, a partner's subtree or everyone. */
export function useSendMessage(prefix: string, screen: ScreenPart<MessageBody, ResOf<typeof adminMessageCalls.send>>) {
  const api = useApi();
  return useWrite({ run: (body: MessageBody) => api(adminMessageCalls.send, body), invalidates: [adminKey(prefix)], ...screen });
}

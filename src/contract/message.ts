import { z } from 'zod';
import { call, page, pageInfo, wireDate, yn } from './define.js';
import { searchOptions } from './board.js';

const idx = z.coerce.number().int().positive();

export const messageRow = z.object({
  msgIdx: z.number(),
  recieveId: z.string(),
  msgTitle: z.string(),
  /** safe HTML: operator text, sanitised */
  msgDesc: z.string(),
  /** N unread, Y read */
  msgStatus: yn,
  /** Y kept, N deleted */
  status: yn,
  /** sent to a group (subtree or everyone): shown with a notice tag */
  noticeYn: yn,
  sendDate: wireDate,
  readDate: wireDate.nullable(),
});

const counts = z.object({ newMsg: z.number() });

export const messageCalls = {
  msgList: call(
    '/api/board/msgList',
    z.object({ page, searchOption: z.enum(searchOptions).default('t'), searchValue: z.string().max(100).optional() }),
    z.object({ list: z.array(messageRow), idxList: z.array(z.number()), pageInfo, newMsg: z.number() }),
  ),
  /** status N deletes (unread ones refuse with M002, nothing changes), status R marks read. */
  msgUpdate: call(
    '/api/board/msgUpdate',
    z.object({ msgIdx: idx.optional(), msgIdxList: z.array(idx).max(100).optional(), recieveId: z.string().optional(), status: z.enum(['N', 'R']).default('N') }),
    counts.extend({ updated: z.number() }),
  ),
  /** One message read, or all of them when msgIdx is absent. */
  msgRead: call('/api/board/msgRead', z.object({ msgIdx: idx.optional(), recieveId: z.string().optional() }), counts.extend({ updated: z.number() })),
  /** Partner detail, notes tab: messages of a member in the caller's subtree. */
  msgLog: call(
    '/api/v2/retail/msgLog',
    z.object({ memId: z.string().min(1).max(40), page }),
    z.object({
      msgLog: z.array(z.object({ msgIdx: z.number(), msgTitle: z.string(), msgContents: z.string(), msgStatus: z.enum(['READ', 'UNREAD']), sendDate: wireDate })),
      pageInfo,
    }),
    'partner',
  ),
};

export const sendTargets = ['member', 'subtree', 'all'] as const;

export const adminMessageCalls = {
  /** To one member, to a partner and its whole subtree, or to every player and partner of the site. */
  send: call(
    '/api/admin/msg/send',
    z.object({
      target: z.enum(sendTargets),
      memId: z.string().max(40).optional(),
      msgTitle: z.string().trim().min(1).max(200),
      msgDesc: z.string().trim().min(1).max(20_000),
    }),
    z.object({ sent: z.number() }),
    'admin',
  ),
  /** What the operator sent, newest first; filter by receiver. */
  list: call(
    '/api/admin/msg/list',
    z.object({ page, memId: z.string().max(40).optional(), searchOption: z.enum(searchOptions).default('t'), searchValue: z.string().max(100).optional() }),
    z.object({ list: z.array(messageRow), pageInfo }),
    'admin',
  ),
};

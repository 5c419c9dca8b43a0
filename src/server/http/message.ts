import { adminMessageCalls, messageCalls } from '../../contract/message.js';
import { inbox, memberMessageLog, readMessages, sendMessage, sentMessages, updateMessages } from '../domain/board/messages.js';
import { defineRoute } from '../handler.js';

export const messageRoutes = [
  defineRoute(messageCalls.msgList, (req, ctx) => inbox(ctx, ctx.site.id, ctx.caller, req)),
  defineRoute(messageCalls.msgUpdate, (req, ctx) => updateMessages(ctx, ctx.site.id, ctx.caller, req)),
  defineRoute(messageCalls.msgRead, (req, ctx) => readMessages(ctx, ctx.site.id, ctx.caller, req)),
  defineRoute(messageCalls.msgLog, (req, ctx) => memberMessageLog(ctx, ctx.site.id, ctx.caller, req.memId, req.page)),
  defineRoute(adminMessageCalls.send, (req, ctx) => sendMessage(ctx, ctx.site.id, ctx.caller, req)),
  defineRoute(adminMessageCalls.list, (req, ctx) => sentMessages(ctx, ctx.site.id, req)),
];

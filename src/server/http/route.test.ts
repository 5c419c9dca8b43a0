import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../contract/define.js';
import type { HttpApp } from './httpContext.js';
import { answerJson, ContractBreach } from './answers.js';
import { defineRoute } from '../handler.js';
import { registerRoutes } from './route.js';
import { allRoutes } from './routes.js';

const probe = call('/api/test/probe', z.object({ answer: z.enum(['extra', 'wrong', 'missing']) }), z.object({ balance: z.number().int(), memId: z.string() }), 'public');

async function serve(checkAnswers: boolean) {
  const fastify = Fastify();
  const app = { config: { checkAnswers } } as HttpApp;
  registerRoutes(fastify, app, [
    defineRoute(probe, async (req) => {
      // what a handler might carry by mistake: a row straight from the database
      const row = { balance: 10_000, memId: 'user1', pass_hash: 'scrypt$...', api_key: 'k' };
      // parsed, as an answer built from outside data comes in untyped
      if (req.answer === 'missing') return JSON.parse('{"balance":10000}');
      return req.answer === 'extra' ? row : { ...row, balance: 10_000.5 };
    }),
  ]);
  const post = async (answer: string) => {
    const r = await fastify.inject({ method: 'POST', url: probe.path, payload: { answer } });
    return { status: r.statusCode, body: r.json() };
  };
  return { post, close: () => fastify.close() };
}

describe('answers through the call’s response schema', () => {
  it('drops every field the contract does not name, checked or not', async () => {
    for (const checked of [true, false]) {
      const s = await serve(checked);
      expect(await s.post('extra')).toEqual({ status: 200, body: { resultCode: '0', resultMessage: 'OK', data: { balance: 10_000, memId: 'user1' } } });
      await s.close();
    }
  });

  it('never sends an answer of the wrong shape: a server fault naming the field on a checked (test) server', async () => {
    const s = await serve(true);
    const r = await s.post('wrong');
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ resultCode: 'S500', data: null, resultMessage: expect.stringContaining('balance') });
    expect(JSON.stringify(r.body)).not.toContain('pass_hash');
    await s.close();
  });

  it('unchecked (any start without PITBOSS_TEST_CHECK_ANSWERS) a missing field is still a fault, and it says nothing of the answer', async () => {
    const s = await serve(false);
    expect(await s.post('missing')).toEqual({ status: 500, body: { resultCode: 'S500', resultMessage: 'Server error, please retry', data: null } });
    await s.close();
  });
});

describe('the compiled writers', () => {
  it('compile for every call of the contract and write what its schema writes', () => {
    for (const { call } of allRoutes) {
      // null answers every schema that allows it; the rest at least compile and refuse null
      const expected = call.res.safeParse(null);
      if (expected.success) expect(answerJson(call, null, true)).toBe(`{"resultCode":"0","resultMessage":"OK","data":${JSON.stringify(expected.data)}}`);
      else expect(() => answerJson(call, null, true)).toThrow(ContractBreach);
    }
  });
});

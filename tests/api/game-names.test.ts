import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, ResOf } from '../../src/contract/define.js';
import { betCalls } from '../../src/contract/bet.js';
import { demoCalls, gameCalls } from '../../src/contract/game.js';
import { demoCatalog } from '../../src/server/domain/games/demoCatalog.js';
import { startTestServer, testDb, type TestServer } from './harness.js';

describe(`game and vendor names in the caller's language (${testDb})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  /** A call as the app makes it once the user picked `lang` (the app mirrors the pick in this cookie). */
  const callIn = async <C extends Call>(lang: string | null, c: C, body: Record<string, unknown>, token?: string) =>
    (await s.through(c.path, { siteId: s.siteId, ...body }, async (b) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', authorization: s.apiKey };
      if (token) headers['x-auth-token'] = token;
      if (lang) headers.cookie = `theme=dark; pitboss-lang=${lang}`;
      return (await s.raw(c.path, { method: 'POST', headers, body: JSON.stringify(b) })).json();
    })) as { resultCode: string; data: ResOf<C> };

  const lobby = async (lang: string | null) => {
    const games = (await callIn(lang, gameCalls.gameCodes, { vendorCode: 'demo-live' })).data.list.map((g) => g.gameName);
    const groups = (await callIn(lang, gameCalls.gameGroupCodes, {})).data.list;
    const vendors = groups.flatMap((g) => g.vendors.map((v) => v.vendorName));
    return { games, vendors };
  };

  it('answers Korean names to a ko caller, English to en, Vietnamese to vn; the site default (ko) without a pick', async () => {
    expect(await lobby('ko')).toEqual({ games: ['바카라 A', '스피드 바카라'], vendors: ['오로라 라이브', '오로라 호텔', '오로라 슬롯', '오로라 스포츠', '오로라 미니'] });
    expect(await lobby('en')).toEqual({ games: ['Baccarat A', 'Speed Baccarat'], vendors: ['Aurora Live', 'Aurora Hotel', 'Aurora Slots', 'Aurora Sports', 'Aurora Mini'] });
    expect((await lobby('vn')).games).toEqual(['Baccarat A', 'Baccarat Tốc Độ']);
    expect((await lobby(null)).games).toEqual(['바카라 A', '스피드 바카라']);
    // a pick the app does not know falls back to the site's default
    expect((await lobby('xx')).games).toEqual(['바카라 A', '스피드 바카라']);
  });

  it("falls back to the vendor's own name for a language the game was not given", async () => {
    await s.app.db
      .updateTable('game')
      .set({ names: JSON.stringify({ en: 'Speed Baccarat' }) })
      .where('site_id', '=', s.siteId)
      .where('code', '=', 'speed-baccarat')
      .execute();
    expect((await lobby('ko')).games).toEqual(['바카라 A', 'Speed Baccarat']);
    const v = demoCatalog[0].games[1];
    await s.app.db
      .updateTable('game')
      .set({ names: JSON.stringify(v.names) })
      .where('site_id', '=', s.siteId)
      .where('code', '=', v.code)
      .execute();
  });

  it('names the game in the game bar, the bet history and the bet detail in the caller language', async () => {
    const token = await s.login('user1');
    const g = await callIn('ko', gameCalls.getGame, { vendorKey: 'demo-slot', gameKey: 'cherry-rush' }, token);
    const t = g.data.token;
    expect((await callIn('ko', demoCalls.session, { t })).data).toMatchObject({ vendorName: '오로라 슬롯', gameName: '체리 러시' });
    expect((await callIn('en', demoCalls.session, { t })).data).toMatchObject({ vendorName: 'Aurora Slots', gameName: 'Cherry Rush' });
    expect((await callIn('ko', demoCalls.slotSpin, { t, bet: 1_000, roundId: 'names-1' })).resultCode).toBe('0');
    const list = async (lang: string) => (await callIn(lang, betCalls.betlist, { groupKey: 'slot', page: 1 }, token)).data.list.find((r) => r.roundId === 'names-1')!;
    expect(await list('ko')).toMatchObject({ vendorName: '오로라 슬롯', gameName: '체리 러시' });
    expect(await list('en')).toMatchObject({ vendorName: 'Aurora Slots', gameName: 'Cherry Rush' });
    const detail = async (lang: string) => JSON.parse((await callIn(lang, betCalls.betDetail, { betId: (await list(lang)).betIdx }, token)).data.detail) as Record<string, unknown>;
    expect(await detail('ko')).toMatchObject({ gameProvider: '오로라 슬롯', gameName: '체리 러시' });
    expect(await detail('en')).toMatchObject({ gameProvider: 'Aurora Slots', gameName: 'Cherry Rush' });
    // the partner's bet list over its subtree
    const p7 = await s.login('ptn7');
    const partnerRow = async (lang: string) =>
      (await callIn(lang, betCalls.betList, { page: 1, count_per_list: 50, searchType: 'memId', searchValue: 'user1' }, p7)).data.list.find((r) => r.roundId === 'names-1');
    expect(await partnerRow('ko')).toMatchObject({ gameName: '체리 러시' });
    expect(await partnerRow('en')).toMatchObject({ gameName: 'Cherry Rush' });
  });
});

/**
 * Generated sports events: a fixed daily schedule per sport plus virtual soccer every 10 minutes.
 * Teams and odds come from a seeded generator (the odds hold a 6% margin over the true chances
 * kept beside them); results are drawn with the CSPRNG from those chances when an event ends.
 */
import type { Db } from '../../db/driver.js';
import { kstDayStart } from '../../domain/common/time.js';
import { chance, rand } from './rng.js';

interface Sport {
  id: number;
  league: [string, string];
  teams: [string, string][];
  /** minutes after KST midnight */
  times: number[];
  minutes: number;
  draw: boolean;
  score: [number, number];
}
const sports: Sport[] = [
  {
    id: 1,
    league: ['K League 1', 'K리그1'],
    draw: true,
    minutes: 110,
    times: [13 * 60, 15 * 60 + 30, 20 * 60],
    score: [0, 5],
    teams: [
      ['Ulsan', '울산'],
      ['Jeonbuk', '전북'],
      ['Pohang', '포항'],
      ['Seoul', '서울'],
      ['Suwon', '수원'],
      ['Daegu', '대구'],
      ['Incheon', '인천'],
      ['Gangwon', '강원'],
    ],
  },
  {
    id: 2,
    league: ['KBL', 'KBL'],
    draw: false,
    minutes: 130,
    times: [11 * 60, 19 * 60],
    score: [70, 115],
    teams: [
      ['Wonju DB', '원주 DB'],
      ['Seoul SK', '서울 SK'],
      ['Changwon LG', '창원 LG'],
      ['Suwon KT', '수원 KT'],
      ['Anyang KGC', '안양 KGC'],
      ['Goyang', '고양'],
    ],
  },
  {
    id: 7,
    league: ['KBO', 'KBO'],
    draw: false,
    minutes: 180,
    times: [18 * 60 + 30],
    score: [0, 12],
    teams: [
      ['Kia Tigers', 'KIA 타이거즈'],
      ['Samsung Lions', '삼성 라이온즈'],
      ['LG Twins', 'LG 트윈스'],
      ['Doosan Bears', '두산 베어스'],
      ['SSG Landers', 'SSG 랜더스'],
      ['Lotte Giants', '롯데 자이언츠'],
    ],
  },
  {
    id: 8,
    league: ['Asia League', '아시아리그'],
    draw: true,
    minutes: 150,
    times: [9 * 60],
    score: [0, 6],
    teams: [
      ['HL Anyang', 'HL 안양'],
      ['Red Eagles', '레드이글스'],
      ['Tohoku', '도호쿠'],
      ['Nikko', '닛코'],
    ],
  },
  {
    id: 220,
    league: ['LCK', 'LCK'],
    draw: false,
    minutes: 60,
    times: [17 * 60, 21 * 60],
    score: [0, 2],
    teams: [
      ['T1', 'T1'],
      ['Gen.G', '젠지'],
      ['Hanwha Life', '한화생명'],
      ['Dplus KIA', '디플러스 기아'],
      ['KT Rolster', 'KT 롤스터'],
      ['DRX', 'DRX'],
    ],
  },
];
const virtual: Sport = {
  id: 218,
  league: ['Virtual League', '가상 리그'],
  draw: true,
  minutes: 4,
  times: [],
  score: [0, 5],
  teams: [
    ['Red Lions', '레드 라이온즈'],
    ['Blue Sharks', '블루 샥스'],
    ['Green Owls', '그린 아울스'],
    ['Gold Eagles', '골드 이글스'],
  ],
};

const MIN = 60_000;
const floor2 = (x: number) => Math.floor(x * 100 + 1e-9) / 100;

/** Deterministic per slot, so every instance generates the same fixtures and odds. */
function seeded(key: string) {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return () => (h = (Math.imul(h, 1103515245) + 12345) >>> 0) / 4294967296;
}

function fixture(siteId: string, s: Sport, start: Date) {
  const r = seeded(`${s.id}:${start.getTime()}`);
  const i = Math.floor(r() * s.teams.length);
  const j = (i + 1 + Math.floor(r() * (s.teams.length - 1))) % s.teams.length;
  const [home, away] = [s.teams[i], s.teams[j]];
  const pDraw = s.draw ? 0.2 + r() * 0.1 : 0;
  const pHome = (1 - pDraw) * (0.3 + r() * 0.4);
  const prob = { home: pHome, draw: pDraw, away: 1 - pDraw - pHome };
  const price = (p: number) => Math.max(1.01, floor2(1 / (p * 1.06)));
  const odds = { home: price(prob.home), away: price(prob.away), ...(s.draw ? { draw: price(prob.draw) } : {}), prob };
  return {
    site_id: siteId,
    sport_id: s.id,
    league: s.league[0],
    league_ko: s.league[1],
    home: home[0],
    home_ko: home[1],
    away: away[0],
    away_ko: away[1],
    start_at: start,
    end_at: new Date(start.getTime() + s.minutes * MIN),
    odds: JSON.stringify(odds),
  };
}

/** Makes sure the fixtures starting in [from, to) exist (virtual soccer only within `virtualFrom`..to). */
export async function ensureEvents(db: Db, siteId: string, from: Date, to: Date, virtualFrom = from) {
  const rows = [];
  for (let d = kstDayStart(from); d < to; d = new Date(d.getTime() + 1440 * MIN)) {
    for (const s of sports)
      for (const t of s.times) {
        const at = new Date(d.getTime() + t * MIN);
        if (at >= from && at < to) rows.push(fixture(siteId, s, at));
      }
  }
  for (let t = Math.ceil(virtualFrom.getTime() / (10 * MIN)) * 10 * MIN; t < to.getTime(); t += 10 * MIN) rows.push(fixture(siteId, virtual, new Date(t)));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('sport_event')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['site_id', 'sport_id', 'home', 'away', 'start_at']).doNothing())
      .execute();
  }
}

/** Draws the result of every event that has ended. */
export async function finishEvents(db: Db, siteId: string, now: Date): Promise<number> {
  const due = await db.selectFrom('sport_event').select(['id', 'sport_id', 'odds']).where('site_id', '=', siteId).where('status', '=', 'open').where('end_at', '<=', now).execute();
  for (const e of due) {
    const s = [...sports, virtual].find((x) => x.id === e.sport_id) ?? virtual;
    const { prob } = e.odds;
    const outcome = chance(prob.home) ? 'home' : chance(prob.draw / Math.max(1e-9, 1 - prob.home)) ? 'draw' : 'away';
    const [lo, hi] = s.score;
    let a = rand(lo, hi + 1);
    let b = outcome === 'draw' ? a : rand(lo, hi + 1);
    if (outcome !== 'draw' && a === b) {
      if (a === hi) b = a - 1;
      else a = a + 1;
    }
    const [high, low] = [Math.max(a, b), Math.min(a, b)];
    const [home, away] = outcome === 'home' ? [high, low] : outcome === 'away' ? [low, high] : [a, b];
    await db.updateTable('sport_event').set({ home_score: home, away_score: away, status: 'done' }).where('id', '=', e.id).execute();
  }
  return due.length;
}

export const winnerOf = (e: { home_score: number | null; away_score: number | null }) =>
  e.home_score == null || e.away_score == null ? null : e.home_score > e.away_score ? 'home' : e.home_score < e.away_score ? 'away' : 'draw';

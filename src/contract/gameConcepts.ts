/** The game concepts both sides name: categories, settlement groups, picks, bet and leg statuses. Defined here once. */
export const gameCategories = ['casino', 'hcasino', 'slot', 'sport', 'mini'] as const;
export type GameCategory = (typeof gameCategories)[number];
export const isGameCategory = (c: string): c is GameCategory => (gameCategories as readonly string[]).includes(c);
/** The Korean names the wire carries beside a category code (groupName, gameCategoryName); screens label by code. */
export const gameCategoryNames: Record<GameCategory, string> = { casino: '라이브카지노', hcasino: '호텔카지노', slot: '슬롯', sport: '스포츠', mini: '미니게임' };
/** Settlement groups: live and hotel casino are settled (and reported) together as casino. */
export const settleGroups = { casino: ['casino', 'hcasino'], slot: ['slot'], sport: ['sport'], mini: ['mini'] } as const satisfies Record<string, readonly GameCategory[]>;
export type SettleGroup = keyof typeof settleGroups;
export const settleGroupCodes = Object.keys(settleGroups) as SettleGroup[];
export const settleGroupOf = (c: GameCategory): SettleGroup => (c === 'hcasino' ? 'casino' : c);
/** The categories a report's statType filter names (`total` = every category). */
export const statTypes = ['total', 'casino', 'slot'] as const;
export type StatType = (typeof statTypes)[number];
export const statCategories = (t: StatType): readonly GameCategory[] | undefined => (t === 'total' ? undefined : settleGroups[t]);

/** The side a sports leg picks. */
export const picks = ['home', 'draw', 'away'] as const;
export type BetPick = (typeof picks)[number];
/** A sports leg's status as the feed sends it. */
export const legStatuses = ['Opened', 'Won', 'Lost', 'Draw'] as const;
export type LegStatus = (typeof legStatuses)[number];

/** Bet statuses as stored and sent (`type` of a bet row); the screens label them PASS/FAIL/TIE/WAIT/CANCEL. */
export const betStatuses = ['wait', 'win', 'lose', 'draw', 'cancel'] as const;
export type BetStatus = (typeof betStatuses)[number];
/** A bet settled with a result (a cancelled bet has none). */
export const resolvedBetStatuses = ['win', 'lose', 'draw'] as const satisfies readonly BetStatus[];
export const betLabel = (type: string) => (({ win: 'PASS', lose: 'FAIL', draw: 'TIE', wait: 'WAIT' }) as Record<string, string>)[type] ?? 'CANCEL';

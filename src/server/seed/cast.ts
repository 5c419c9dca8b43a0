/** Who the demo site holds, and the passwords they sign in with. */
export const DEMO_PREFIX = 'demo';
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_CASH_OUT_PASS = '1234';

/** Demo tree: the ptn1..ptn7 chain, siblings so the tree branches, and players spread under them. */
export const demoPartners: { memId: string; level: string; parent: string | null }[] = [
  { memId: 'ptn1', level: 'PTN_1', parent: null },
  { memId: 'ptn2', level: 'PTN_2', parent: 'ptn1' },
  { memId: 'ptn2b', level: 'PTN_2', parent: 'ptn1' },
  { memId: 'ptn3', level: 'PTN_3', parent: 'ptn2' },
  { memId: 'ptn3b', level: 'PTN_3', parent: 'ptn2' },
  { memId: 'ptn4', level: 'PTN_4', parent: 'ptn3' },
  { memId: 'ptn5', level: 'PTN_5', parent: 'ptn4' },
  { memId: 'ptn5b', level: 'PTN_5', parent: 'ptn4' },
  { memId: 'ptn6', level: 'PTN_6', parent: 'ptn5' },
  { memId: 'ptn7', level: 'PTN_7', parent: 'ptn6' },
  { memId: 'ptn7b', level: 'PTN_7', parent: 'ptn6' },
];

export const demoPlayers: { memId: string; parent: string }[] = Array.from({ length: 20 }, (_, i) => {
  const n = i + 1;
  const parent = n <= 5 ? 'ptn7' : n <= 10 ? 'ptn6' : n <= 13 ? 'ptn7b' : n <= 16 ? 'ptn5b' : n <= 18 ? 'ptn3b' : 'ptn2b';
  return { memId: `user${n}`, parent };
});

export const demoLogins = [
  'operator  admin / demo1234!   (/demo/admin/login)',
  'partners  ptn1 .. ptn7 / demo1234!   (/demo/login)',
  'players   user1 .. user20 / demo1234!   withdrawal password 1234   (/demo)',
];

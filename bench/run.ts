// `npm run bench [name]`: prints figures and ratios; nothing here passes or fails.
import { existsSync } from 'node:fs';
import { benchBundle } from './bundle.js';
import { benchEvening } from './evening.js';
import { benchHttp } from './http.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLogin } from './login.js';
import { benchMoney } from './money.js';
import { benchPartner } from './partner.js';
import { benchPow } from './pow.js';
import { benchReports } from './reports.js';
import { benchSites } from './sites.js';
import { benchSockets } from './sockets.js';
import { benchStartup } from './startup.js';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  bundle: benchBundle,
  http: benchHttp,
  money: benchMoney,
  partner: benchPartner,
  reports: benchReports,
  evening: benchEvening,
  lighthouse: benchLighthouse,
  startup: benchStartup,
  login: benchLogin,
  sockets: benchSockets,
  pow: benchPow,
  sites: benchSites,
};
// the games bench lands with the wallet; load it when present
const gamesModule: string = './games.js';
if (existsSync(new URL('./games.ts', import.meta.url))) benches.games = (await import(gamesModule)).benchGames;

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  try {
    await run();
  } catch (e) {
    console.log(`\n# ${name}: could not run: ${(e as Error).message}`);
  }
}
process.exit(0);

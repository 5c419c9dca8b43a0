// `npm run bench`: prints figures and ratios; nothing here passes or fails.
import { existsSync } from 'node:fs';
import { benchBundle } from './bundle.js';
import { benchHttp } from './http.js';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = { bundle: benchBundle, http: benchHttp };
// the money bench lands with the ledger; load it when present
const moneyModule: string = './money.js';
if (existsSync(new URL('./money.ts', import.meta.url))) benches.money = (await import(moneyModule)).benchMoney;

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  try {
    await run();
  } catch (e) {
    console.log(`\n# ${name}: could not run: ${(e as Error).message}`);
  }
}
process.exit(0);

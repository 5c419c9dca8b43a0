/**
 * npm run vendor-check -- --site http://localhost:8080/demo --vendor demo-slot --secret <secret>
 *   --player user1 --game lucky-sevens [--amount 1000] [--site-id <id>]
 *   [--suspend-cmd '<shell>' --resume-cmd '<shell>']
 * Plays the seamless-wallet cases against the site (docs/integrators.md); exits 1 when one fails.
 */
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runVendorCheck } from './vendorCheck.js';

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    vendor: { type: 'string' },
    secret: { type: 'string' },
    player: { type: 'string' },
    game: { type: 'string' },
    amount: { type: 'string', default: '1000' },
    'site-id': { type: 'string' },
    'suspend-cmd': { type: 'string' },
    'resume-cmd': { type: 'string' },
  },
});
const missing = ['site', 'vendor', 'secret', 'player', 'game'].filter((k) => !values[k as keyof typeof values]);
if (missing.length) {
  console.error(`vendor-check: give ${missing.map((m) => `--${m}`).join(', ')} (see docs/integrators.md)`);
  process.exit(2);
}
const shell = (cmd: string | undefined) => (cmd ? async () => void execSync(cmd, { stdio: 'inherit' }) : undefined);
const results = await runVendorCheck({
  site: values.site!,
  vendor: values.vendor!,
  secret: values.secret!,
  player: values.player!,
  game: values.game!,
  amount: Number(values.amount),
  siteId: values['site-id'],
  suspend: shell(values['suspend-cmd']),
  resume: shell(values['resume-cmd']),
}).catch((e: Error) => {
  // a site that does not answer is one line, not a stack: the cases could not be played at all
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  console.error(`vendor-check: ${values.site} did not answer (${e.message}${cause}); check --site and that the site is up`);
  process.exit(2);
});
process.exit(results.some((r) => r.outcome === 'failed') ? 1 : 0);

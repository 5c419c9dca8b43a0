/**
 * The sites bench's server side, in its own process (bench/child.ts): the API on in-memory PGlite
 * or DATABASE_URL with its demo site and a platform owner made through the setup link. Prints
 * `{url, owner}`, then answers `members <prefix,...>` (50 members on each named site, rows in one
 * statement, all with the demo password: the bench measures lookups, not sign-ups) and `exit`.
 */
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { generateSync } from 'otplib';
import { issueSetupToken } from '../src/server/domain/platform/setup.js';
import { startBenchServer } from './server.js';

const MEMBERS_PER_SITE = 50;

const server = await startBenchServer({ databaseUrl: process.env.DATABASE_URL || undefined });
const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
  (await (await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
const code = (secret: string, at = Date.now()) => generateSync({ secret, epoch: Math.floor(at / 1000) });

const token = (await issueSetupToken(server.app))!;
const { secret } = (await post('/api/platform/setup/start', { token })).data;
const password = 'a long bench password';
const made = await post('/api/platform/setup', { token, loginId: 'owner', password, passwordCheck: password, otpCode: code(secret) });
if (made.resultCode !== '0') throw new Error(`owner: ${made.resultCode}`);
const login = await post('/api/platform/login', { loginId: 'owner', password, otpCode: code(secret, Date.now() + 30_000) });
if (login.resultCode !== '0') throw new Error(`owner login: ${login.resultCode}`);
console.log(JSON.stringify({ url: server.url, owner: login.data.token }));

/** Members m1..m50 of each site, the demo password's hash, and each one's own member_path row. */
async function members(prefixes: string[]) {
  const hash = (await server.app.db.selectFrom('member').select('pass_hash').where('mem_id', '=', 'user1').executeTakeFirstOrThrow()).pass_hash;
  await sql`
    with made as (
      insert into member (site_id, mem_id, pass_hash, mem_nick, partner_level, login_type, status)
      select s.id, 'm' || n, ${hash}, 'm' || n, 'NORMAL', 'NORMAL', 'ACTIVE'
      from site s, generate_series(1, ${MEMBERS_PER_SITE}) n where s.prefix = any(${prefixes})
      returning id)
    insert into member_path (ancestor_id, descendant_id, depth) select id, id, 0 from made`.execute(server.app.db);
}

for await (const line of createInterface({ input: process.stdin })) {
  const [cmd, arg] = line.trim().split(' ');
  if (cmd === 'members') {
    await members(arg!.split(','));
    console.log(JSON.stringify({ ok: true }));
  }
  if (cmd === 'exit') break;
}
await server.close();
process.exit(0);

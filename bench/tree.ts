// Shared by the partner and data benches: admin statements on the PostgreSQL server and set-based tree levels.
import pg from 'pg';

export const adminUrl = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function admin(text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** URL of database `name` on the admin server. */
export function dbUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One level of the tree: `count` members named `${prefix}${i}`, the i-th under `${parentPrefix}${i % parents}` (or the root). */
export function level(root: number, prefix: string, count: number, lvl: string, parent: { prefix: string; count: number } | null) {
  const parentJoin = parent ? `join member p on p.site_id = 'demo' and p.mem_id = '${parent.prefix}' || (i % ${parent.count})` : '';
  const parentId = parent ? 'p.id' : String(root);
  return `
    insert into member (site_id, mem_id, pass_hash, mem_nick, partner_level, login_type, parent_id, cash_amt, point_amt, created_at)
    select 'demo', '${prefix}' || i, '!', '${prefix}n' || i, '${lvl}', '${lvl === 'NORMAL' ? 'NORMAL' : 'PARTNER'}', ${parentId},
           (i * 7919) % 1000000, (i * 31) % 50000, now() - make_interval(secs => i * 13)
    from generate_series(0, ${count - 1}) i ${parentJoin};
    insert into member_path (ancestor_id, descendant_id, depth)
    select m.id, m.id, 0 from member m where m.site_id = 'demo' and m.mem_id like '${prefix}%'
    union all
    select p.ancestor_id, m.id, p.depth + 1 from member m join member_path p on p.descendant_id = m.parent_id
    where m.site_id = 'demo' and m.mem_id like '${prefix}%';`;
}

/** Levels below `root`, each under the one before: [prefix, count, partner level]. */
export async function buildTree(exec: (text: string) => Promise<void>, root: number, levels: [string, number, string][]) {
  let parent: { prefix: string; count: number } | null = null;
  for (const [prefix, count, lvl] of levels) {
    await exec(level(root, prefix, count, lvl, parent));
    parent = { prefix, count };
  }
}

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

/**
 * The demo site migrated and seeded once per API run (vitest's globalSetup): each test server
 * starts from a copy instead of seeding its own, which took most of a suite's start-up. PGlite
 * loads a snapshot file into memory; PostgreSQL copies a template database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../../src/server/server.js';

export const pgAdminUrl = process.env.PITBOSS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type DbTemplate = { kind: 'pglite'; snapshot: string } | { kind: 'postgres'; database: string };

/** One statement on the maintenance database (create and drop databases). */
export async function pgAdmin(text: string) {
  const c = new pg.Client({ connectionString: pgAdminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const urlOf = (database: string) => {
  const url = new URL(pgAdminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** A new PostgreSQL database: empty, or a copy of the run's template. */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pitboss_t_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: urlOf(name), drop: () => pgAdmin(`drop database if exists ${name} with (force)`) };
}

/** Migrates and seeds one database the way a test server would, and keeps it as the run's template. */
export async function buildTemplate(kind: 'pglite' | 'postgres'): Promise<{ template: DbTemplate; drop(): Promise<void> }> {
  // accrual on demand only: the seed's pending credits stay pending, as a test server finds them
  const base = { port: 0, host: '127.0.0.1', dataDir: 'memory://', staticDir: '/nonexistent', accrualMs: 0, logLevel: 'silent', auditHeadsFile: null };
  if (kind === 'postgres') {
    const database = `pitboss_tpl_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`create database ${database}`);
    const server = await startServer({ ...base, databaseUrl: urlOf(database) }, { listen: false });
    await server.close();
    return { template: { kind, database }, drop: () => pgAdmin(`drop database if exists ${database} with (force)`) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'pitboss-template-'));
  const snapshot = join(dir, 'demo.tar.gz');
  const server = await startServer(base, { listen: false });
  try {
    await writeFile(snapshot, await server.app.handle.dump!());
  } finally {
    await server.close();
  }
  return { template: { kind, snapshot }, drop: () => rm(dir, { recursive: true, force: true }) };
}

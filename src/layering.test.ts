import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Imports flow one way: contract <- app, contract <- server; a feature never imports another feature;
// lib/ (infrastructure) imports no entity, feature, widget or route, lazy import() calls included.
const root = resolve(__dirname);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [p] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => relative(root, resolve(dirname(file), m[1])));
}

const area = (p: string) => p.split('/')[0];

describe('import direction', () => {
  it('keeps contract free of app and server, and app and server apart', () => {
    const bad: string[] = [];
    for (const f of files(root)) {
      const from = area(relative(root, f));
      for (const target of importsOf(f)) {
        const to = area(target);
        if (from === 'contract' && (to === 'app' || to === 'server')) bad.push(`${relative(root, f)} -> ${target}`);
        if (from === 'app' && to === 'server') bad.push(`${relative(root, f)} -> ${target}`);
        if (from === 'server' && to === 'app') bad.push(`${relative(root, f)} -> ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps feature folders from importing each other', () => {
    const bad: string[] = [];
    for (const f of files(root)) {
      const rel = relative(root, f);
      const m = rel.match(/^app\/features\/([^/]+)\//);
      if (!m) continue;
      for (const target of importsOf(f)) {
        const t = target.match(/^app\/features\/([^/]+)\//);
        if (t && t[1] !== m[1]) bad.push(`${rel} -> ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps lib/ off entities, features, widgets and routes', () => {
    const bad: string[] = [];
    for (const f of files(join(root, 'app', 'lib')))
      for (const target of importsOf(f)) if (/^app\/(entities|features|widgets|routes)\//.test(target)) bad.push(`${relative(root, f)} -> ${target}`);
    expect(bad).toEqual([]);
  });
});

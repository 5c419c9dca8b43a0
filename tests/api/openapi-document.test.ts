/**
 * The served OpenAPI document is one every tool accepts (swagger-parser, Redocly's recommended
 * rules), and a typed client generated from it (openapi-typescript) compiles: the example in
 * docs/examples/client.ts, type-checked against types generated from the document of this build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { testDb } from './harness.js';
import { documentProblems, servedDocument } from './openapiKit.js';

// the document is the same whatever the database: checked in the PGlite step only
describe.skipIf(testDb === 'postgres')('the OpenAPI document', { timeout: 180_000 }, () => {
  it('validates with swagger-parser and passes Redocly recommended rules; a broken one does not', async () => {
    const doc = await servedDocument();
    expect(await documentProblems(doc)).toEqual([]);
    const broken = structuredClone(doc);
    broken.paths['/api/member/info'].post.responses['200'].content!['application/json'].schema = { $ref: '#/components/schemas/Missing' };
    const problems = await documentProblems(broken);
    expect(problems.some((p) => p.startsWith('swagger-parser'))).toBe(true);
    expect(problems.some((p) => p.includes('no-unresolved-refs'))).toBe(true);
  });

  it('generates TypeScript types the example client compiles against', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pitboss-client-'));
    try {
      writeFileSync(join(dir, 'pitboss-api.ts'), astToString(await openapiTS((await servedDocument()) as never)));
      copyFileSync('docs/examples/client.ts', join(dir, 'client.ts'));
      const tsc = spawnSync(
        process.execPath,
        [
          'node_modules/typescript/bin/tsc',
          '--ignoreConfig',
          '--noEmit',
          '--strict',
          '--target',
          'ES2023',
          '--module',
          'NodeNext',
          '--moduleResolution',
          'NodeNext',
          '--types',
          'node',
          '--typeRoots',
          'node_modules/@types',
          '--skipLibCheck',
          join(dir, 'client.ts'),
        ],
        { encoding: 'utf8' },
      );
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

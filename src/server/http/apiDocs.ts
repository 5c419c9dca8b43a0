/**
 * The API reference for integrators: /api/openapi.json (generated from the contract) and the
 * page /api/docs with a pinned viewer (swagger-ui-dist) served from node_modules; no CDN, and the
 * viewer is loaded by that page alone.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Call } from '../../contract/define.js';
import { openApiDocument } from './openapi.js';

const viewerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const files: Record<string, [string, string]> = {
  'swagger-ui.css': [join(viewerDir, 'swagger-ui.css'), 'text/css; charset=utf-8'],
  'swagger-ui-bundle.js': [join(viewerDir, 'swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'],
  'init.js': [join(dirname(fileURLToPath(import.meta.url)), 'docs', 'init.js'), 'text/javascript; charset=utf-8'],
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pitboss API reference</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="api"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`;

export function registerApiDocs(fastify: FastifyInstance, calls: Call[]) {
  let doc: string | null = null;
  fastify.get('/api/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send((doc ??= JSON.stringify(openApiDocument(calls)))));
  fastify.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  fastify.get<{ Params: { file: string } }>('/api/docs/:file', async (req, reply) => {
    const f = Object.hasOwn(files, req.params.file) ? files[req.params.file] : null;
    if (!f) return reply.status(404).send({ resultCode: 'R404', resultMessage: 'Unknown call', data: null });
    return reply.type(f[1]).send(await readFile(f[0]));
  });
}

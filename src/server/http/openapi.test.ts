import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as admin from '../../contract/admin.js';
import * as bet from '../../contract/bet.js';
import * as board from '../../contract/board.js';
import * as cash from '../../contract/cash.js';
import * as common from '../../contract/common.js';
import type { Call } from '../../contract/define.js';
import * as game from '../../contract/game.js';
import * as member from '../../contract/member.js';
import * as message from '../../contract/message.js';
import * as partner from '../../contract/partner.js';
import * as point from '../../contract/point.js';
import * as rate from '../../contract/rate.js';
import * as retail from '../../contract/retail.js';
import * as site from '../../contract/site.js';
import * as stats from '../../contract/stats.js';
import { registerApiDocs } from './apiDocs.js';
import { allRoutes } from './routes.js';

const isCall = (v: unknown): v is Call => !!v && typeof v === 'object' && 'path' in v && 'req' in v && 'res' in v && 'access' in v;
/** Every call the contract modules export, found without the server's route list. */
const contractCalls = [admin, bet, board, cash, common, game, member, message, partner, point, rate, retail, site, stats]
  .flatMap((m) => Object.values(m))
  .flatMap((v) => (v && typeof v === 'object' ? Object.values(v) : []))
  .filter(isCall);

async function docs() {
  const fastify = Fastify();
  registerApiDocs(
    fastify,
    allRoutes.map((r) => r.call),
  );
  return fastify;
}

describe('the OpenAPI document and the reference page', { timeout: 60_000 }, () => {
  it('is OpenAPI 3.1 with the wallet callbacks first and every contract call, each with its schemas and headers', async () => {
    const f = await docs();
    const r = await f.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toMatchObject({
      siteKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
      session: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' },
    });
    const paths = Object.keys(doc.paths);
    expect(paths.slice(0, 4)).toEqual(['balance', 'bet', 'win', 'rollback'].map((a) => `/api/vendor/{vendorCode}/${a}`));
    expect(contractCalls.length).toBeGreaterThan(100);
    for (const c of contractCalls) {
      const op = doc.paths[c.path]?.post;
      expect(op, c.path).toBeDefined();
      expect(op.requestBody.content['application/json'].schema.type, c.path).toBe('object');
      const [success, refusal] = op.responses['200'].content['application/json'].schema.oneOf;
      expect(success.required, c.path).toEqual(['resultCode', 'resultMessage', 'data']);
      expect(success.properties.resultCode, c.path).toEqual({ const: '0' });
      expect(refusal, c.path).toEqual({ $ref: '#/components/schemas/Refusal' });
      const security = { public: [], site: [{ siteKey: [] }], vendor: [{ vendorSignature: [] }] } as Record<string, unknown>;
      expect(op.security, c.path).toEqual(security[c.access] ?? [{ siteKey: [], session: [] }]);
    }
    const info = doc.paths['/api/member/info'].post.responses['200'].content['application/json'].schema.oneOf[0].properties.data;
    expect(info.properties.member.properties.memId).toEqual({ type: 'string' });
    // a recursive schema is a component, referred to from each place it appears
    expect(doc.components.schemas.HierarchyNode.properties.children.items).toEqual({ $ref: '#/components/schemas/HierarchyNode' });
    expect(new Set(Object.values(doc.paths).map((p) => (p as { post: { operationId: string } }).post.operationId)).size).toBe(paths.length);
    await f.close();
  });

  it('serves the reference page with the viewer from this server only', async () => {
    const f = await docs();
    const html = (await f.inject({ method: 'GET', url: '/api/docs' })).body;
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    for (const s of sources) expect((await f.inject({ method: 'GET', url: s })).statusCode, s).toBe(200);
    expect((await f.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
    await f.close();
  });
});

/**
 * The OpenAPI 3.1 document of the API, generated from the contract: the vendors' wallet callbacks
 * (vendor access) first, then every call with its request and response schemas inside the envelope, and the
 * headers each access level needs. Recursive schemas become components (`#/components/schemas`);
 * a refusal's envelope, with the data some refusals carry, is one component every answer may be.
 * Built once, on the first request for it.
 */
import { z } from 'zod';
import { wrongOutPass } from '../../contract/cash.js';
import type { Access, Call } from '../../contract/define.js';
import { powChallenge } from '../../contract/member.js';

type Json = Record<string, unknown>;

/** A contract schema as JSON Schema, every part inline (2020-12 for OpenAPI 3.1; draft 7 for the answer writers). */
export const schemaOf = (s: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, target, unrepresentable: 'any', reused: 'inline' });
  return rest;
};

/** Rewrites every `$ref` of a schema's own `$defs` to its component. */
function relink(v: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(v)) return v.map((x) => relink(x, names));
  if (!v || typeof v !== 'object') return v;
  const o: Json = {};
  for (const [k, x] of Object.entries(v)) {
    const local = k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/') ? names.get(x.slice(8)) : undefined;
    o[k] = local ? `#/components/schemas/${local}` : relink(x, names);
  }
  return o;
}

/** The document's schemas: a contract schema's `$defs` (its recursive parts) are hoisted here, each once. */
class Components {
  readonly schemas: Record<string, Json> = {};
  private readonly groups = new Map<string, Map<string, string>>();

  /** The schema, its `$defs` moved into the components; `hint` names an anonymous one. */
  of(s: z.ZodType, io: 'input' | 'output', hint: string): Json {
    const { $defs, ...rest } = schemaOf(s, io) as Json & { $defs?: Record<string, Json> };
    if (!$defs) return rest;
    const group = JSON.stringify($defs);
    let names = this.groups.get(group);
    if (!names) {
      names = new Map();
      for (const key of Object.keys($defs)) {
        const base = key.startsWith('__schema') ? `${hint}${key.slice('__schema'.length)}` : key;
        let name = base;
        for (let i = 2; this.schemas[name] && JSON.stringify(this.schemas[name]) !== JSON.stringify(relink($defs[key], new Map([[key, name]]))); i++) name = `${base}${i}`;
        names.set(key, name);
      }
      for (const [key, name] of names) this.schemas[name] = relink($defs[key], names) as Json;
      this.groups.set(group, names);
    }
    return relink(rest, names) as Json;
  }
}

const security: Record<Access, Json[]> = {
  public: [],
  site: [{ siteKey: [] }],
  member: [{ siteKey: [], session: [] }],
  partner: [{ siteKey: [], session: [] }],
  partnerOrAdmin: [{ siteKey: [], session: [] }],
  admin: [{ siteKey: [], session: [] }],
  vendor: [{ vendorSignature: [] }],
};
const tagOf = (path: string) => path.replace(/^\/api\/(v2\/)?/, '').split('/')[0];
const isWallet = (c: Call) => c.access === 'vendor';

/** A stable, unique name for the call, for generated clients: /api/member/login → memberLogin; a callback → walletBet. */
function operationIdOf(c: Call): string {
  const words = (isWallet(c) ? `wallet/${c.path.split('/').pop()}` : c.path.replace(/^\/api\//, '')).split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
}

/** A wallet callback: the vendor in the path, the body signed with its secret. */
const walletParts = (c: Call): Json => ({
  tags: ['wallet'],
  summary: `Seamless wallet: ${c.path.split('/').pop()}`,
  description:
    'Called by a game vendor. The raw JSON body is signed: X-Signature = hex HMAC-SHA256(vendor secret, body). Idempotent by txId: a replay answers the first answer unchanged. See docs/integrators.md.',
  parameters: [{ name: 'vendorCode', in: 'path', required: true, schema: { type: 'string' } }],
});

const refusal = { $ref: '#/components/schemas/Refusal' };
const refusalOf = (description: string): Json => ({ description, content: { 'application/json': { schema: refusal } } });

function operation(c: Call, components: Components, operationId: string): Json {
  const body = components.of(c.req, 'input', `${operationId}Request`);
  // every call but the public ones names its site in the body
  if (c.access !== 'public') {
    body.properties = { siteId: { type: 'string', description: 'the site id' }, ...(body.properties as Json | undefined) };
    body.required = ['siteId', ...((body.required as string[] | undefined) ?? [])];
  }
  const success = {
    type: 'object',
    required: ['resultCode', 'resultMessage', 'data'],
    properties: { resultCode: { const: '0' }, resultMessage: { type: 'string' }, data: components.of(c.res, 'output', `${operationId}Answer`) },
  };
  return {
    operationId,
    tags: [tagOf(c.path)],
    summary: `${c.path} (${c.access})`,
    ...(isWallet(c) ? walletParts(c) : {}),
    security: security[c.access],
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: {
      200: {
        description: "The envelope: resultCode '0' with the call's data, or a business result code (data null, or the refusal's data)",
        content: { 'application/json': { schema: { oneOf: [success, refusal] } } },
      },
      400: refusalOf('Malformed request (R400), or a sealed body refused (EN001–EN004)'),
      ...(isWallet(c)
        ? { 401: refusalOf('Bad signature (W002)'), 404: refusalOf('Unknown call (R404)'), 503: refusalOf('The site is held: retry later (W009)') }
        : { 401: refusalOf('Wrong site key (S401)'), 404: refusalOf('Unknown site (S404) or call (R404)') }),
      413: refusalOf('Body too large'),
      415: refusalOf('Not JSON'),
      429: refusalOf('Throttled (retry-after)'),
      500: refusalOf('Server fault (S500)'),
    },
  };
}

/** The data a refusal may carry (null for most): what the caller needs to go on. */
function refusalData(components: Components): Json {
  return {
    description: 'The data of the refusals that carry some',
    anyOf: [
      { title: 'L005: a proof-of-work challenge to solve', ...components.of(z.object({ challenge: powChallenge }), 'output', 'ChallengeData') },
      {
        title: 'L006, L008: the ticket of a second sign-in step',
        type: 'object',
        required: ['ticket', 'expiresIn'],
        properties: { ticket: { type: 'string' }, expiresIn: { type: 'number' } },
      },
      { title: 'C008: wrong tries left before withdrawals lock', ...components.of(wrongOutPass, 'output', 'WrongOutPass') },
      { title: 'U020, U021: on a break or self-excluded until', type: 'object', required: ['until'], properties: { until: { type: 'string' } } },
      { title: 'partner creation: the ids made before the refusal', type: 'object', required: ['memIds'], properties: { memIds: { type: 'array', items: { type: 'string' } } } },
    ],
  };
}

export function openApiDocument(calls: Call[]): Json {
  const components = new Components();
  const paths: Json = {};
  const ids = new Set<string>();
  for (const c of [...calls.filter(isWallet), ...calls.filter((c) => !isWallet(c))]) {
    let id = operationIdOf(c);
    for (let i = 2; ids.has(id); i++) id = `${operationIdOf(c)}${i}`;
    ids.add(id);
    paths[c.path] = { post: operation(c, components, id) };
  }
  components.schemas.RefusalData = refusalData(components);
  components.schemas.Refusal = {
    type: 'object',
    description: "A refusal: a result code other than '0' (docs/result-codes.md), its message, and data null or what the refusal carries",
    required: ['resultCode', 'resultMessage', 'data'],
    properties: {
      resultCode: { type: 'string', not: { const: '0' } },
      resultMessage: { type: 'string' },
      data: { anyOf: [{ $ref: '#/components/schemas/RefusalData' }, { type: 'null' }] },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pitboss API',
      version: '1',
      description:
        "Every call is a POST with a JSON body and answers HTTP 200 with {resultCode, resultMessage, data}; dates are yyyy-MM-dd HH:mm:ss in Korea time (UTC+9); money is whole numbers in the site's smallest unit.",
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [{ name: 'wallet', description: 'Seamless-wallet callbacks for game vendors' }],
    components: {
      schemas: components.schemas,
      securitySchemes: {
        siteKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The site API key' },
        session: { type: 'apiKey', in: 'header', name: 'X-Auth-Token', description: 'The session token login answers' },
        vendorSignature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: "Hex HMAC-SHA256 of the raw body with the vendor's secret" },
      },
    },
    paths,
  };
}

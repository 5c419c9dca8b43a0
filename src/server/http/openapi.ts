/**
 * The OpenAPI 3.1 document of the API, generated from the contract: the vendors' wallet callbacks
 * (vendor access) first, then every call with its request and response schemas inside the envelope, and the
 * headers each access level needs. Built once, on the first request for it.
 */
import { z } from 'zod';
import type { Access, Call } from '../../contract/define.js';

type Json = Record<string, unknown>;

/** A contract schema as JSON Schema, every part inline (2020-12 for OpenAPI 3.1; draft 7 for the answer writers). */
export const schemaOf = (s: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, target, unrepresentable: 'any', reused: 'inline' });
  return rest;
};

/** Every answer: the result code ('0' success), its message, and the call's data (null on failure). */
const envelopeOf = (data: Json): Json => ({
  type: 'object',
  required: ['resultCode', 'resultMessage', 'data'],
  properties: { resultCode: { type: 'string' }, resultMessage: { type: 'string' }, data: { anyOf: [data, { type: 'null' }] } },
});

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

/** A wallet callback: the vendor in the path, the body signed with its secret. */
const walletParts = (c: Call): Json => ({
  tags: ['wallet'],
  summary: `Seamless wallet: ${c.path.split('/').pop()}`,
  description: 'Called by a game vendor. The raw JSON body is signed: X-Signature = hex HMAC-SHA256(vendor secret, body). Idempotent by txId.',
  parameters: [{ name: 'vendorCode', in: 'path', required: true, schema: { type: 'string' } }],
});

function operation(c: Call): Json {
  const body = schemaOf(c.req, 'input');
  // every call but the public ones names its site in the body
  if (c.access !== 'public') {
    body.properties = { siteId: { type: 'string', description: 'the site id' }, ...(body.properties as Json | undefined) };
    body.required = ['siteId', ...((body.required as string[] | undefined) ?? [])];
  }
  return {
    tags: [tagOf(c.path)],
    summary: `${c.path} (${c.access})`,
    ...(c.access === 'vendor' ? walletParts(c) : {}),
    security: security[c.access],
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: {
      200: { description: "The envelope: resultCode '0' with data, or a business result code", content: { 'application/json': { schema: envelopeOf(schemaOf(c.res, 'output')) } } },
      400: { description: 'Malformed request (R400)' },
      ...(c.access === 'vendor'
        ? { 401: { description: 'Bad signature (W002)' }, 404: { description: 'Unknown call (R404)' }, 503: { description: 'The site is held: retry later (W009)' } }
        : { 401: { description: 'Wrong site key (S401)' }, 404: { description: 'Unknown site (S404) or call (R404)' } }),
      429: { description: 'Throttled (retry-after)' },
      500: { description: 'Server fault (S500)' },
    },
  };
}

export function openApiDocument(calls: Call[]): Json {
  const paths: Json = {};
  const wallet = calls.filter((c) => c.access === 'vendor');
  for (const c of [...wallet, ...calls.filter((c) => c.access !== 'vendor')]) paths[c.path] = { post: operation(c) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pitboss API',
      version: '1',
      description:
        "Every call is a POST with a JSON body and answers HTTP 200 with {resultCode, resultMessage, data}; dates are yyyy-MM-dd HH:mm:ss in Korea time (UTC+9); money is whole numbers in the site's smallest unit.",
    },
    tags: [{ name: 'wallet', description: 'Seamless-wallet callbacks for game vendors' }],
    components: {
      securitySchemes: {
        siteKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The site API key' },
        session: { type: 'apiKey', in: 'header', name: 'X-Auth-Token', description: 'The session token login answers' },
        vendorSignature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: "Hex HMAC-SHA256 of the raw body with the vendor's secret" },
      },
    },
    paths,
  };
}

/**
 * The served OpenAPI document as tools read it: validated by swagger-parser and linted with
 * Redocly's recommended rules, and each call's answers checked against it with a JSON Schema
 * 2020-12 validator (ajv), so a test sees exactly what an integrator's generated client would.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { registerApiDocs } from '../../src/server/http/apiDocs.js';
import { allRoutes } from '../../src/server/http/routes.js';

export type OpenApi = {
  paths: Record<
    string,
    {
      post: {
        operationId: string;
        security: Record<string, string[]>[];
        requestBody: { content: { 'application/json': { schema: object } } };
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      };
    }
  >;
  components: { schemas: Record<string, object> };
};

/** The document as the server serves it at /api/openapi.json (no database needed). */
export async function servedDocument(): Promise<OpenApi> {
  const f = Fastify();
  registerApiDocs(
    f,
    allRoutes.map((r) => r.call),
  );
  const doc = (await f.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  await f.close();
  return doc;
}

/**
 * Recommended rules off here, each with its reason. `info-license`: the API is a private service,
 * its document names no licence.
 */
const rulesOff = { 'info-license': 'off' } as const;
/** Problems allowed at one place only, each with its reason. */
const allowed = [
  // the spec names this call with its trailing slash, and clients call it so
  { ruleId: 'no-path-trailing-slash', pointer: '#/paths/~1api~1cash~1list~1' },
];

/** Every problem swagger-parser and Redocly's recommended rules find, as lines; [] for a sound document. */
export async function documentProblems(doc: object): Promise<string[]> {
  const out: string[] = [];
  try {
    await SwaggerParser.validate(structuredClone(doc) as never);
  } catch (e) {
    out.push(`swagger-parser: ${(e as Error).message.slice(0, 2000)}`);
  }
  const config = await createConfig({ extends: ['recommended'], rules: rulesOff });
  const problems = await lintDocument({
    document: makeDocumentFromString(JSON.stringify(doc), '/openapi.json'),
    config: config.styleguide,
    externalRefResolver: new BaseResolver(),
  });
  for (const p of problems) {
    const pointer = p.location[0]?.pointer;
    if (allowed.some((a) => a.ruleId === p.ruleId && a.pointer === pointer)) continue;
    out.push(`redocly ${p.severity} ${p.ruleId}: ${p.message} at ${pointer}`);
  }
  return out;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Checks an answer (its HTTP status and parsed body) against the call's response in the document: null, or what is wrong. */
export function answerChecker(doc: OpenApi) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  return (path: string, status: number, body: unknown): string | null => {
    const responses = doc.paths[path]?.post.responses;
    if (!responses) return `${path} is not in the document`;
    const response = responses[String(status)];
    if (!response) return `${path}: HTTP ${status} is not among its documented answers`;
    if (!response.content) return `${path}: HTTP ${status} has no documented body`;
    const key = `${path} ${status}`;
    let v = validators.get(key);
    if (!v) validators.set(key, (v = ajv.compile({ $ref: `openapi.json#/paths/${escape(path)}/post/responses/${status}/content/application~1json/schema` })));
    if (v(body)) return null;
    return `${path} HTTP ${status}: ${ajv.errorsText(v.errors?.slice(0, 3))} in ${JSON.stringify(body).slice(0, 300)}`;
  };
}

import { isDeepStrictEqual } from 'node:util';
import build from 'fast-json-stringify';
import type { Call } from '../../contract/define.js';
import { schemaOf } from './openapi.js';

/** A handler answered outside its call's response schema: a server fault, never sent as it is. */
export class ContractBreach extends Error {
  constructor(
    readonly path: string,
    readonly issues: { path: PropertyKey[]; message: string }[],
  ) {
    super(
      `${path} answered outside its contract: ${issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || 'data'}: ${i.message}`)
        .join('; ')}`,
    );
  }
}

/**
 * The answer as the contract states it, as an object: through the call's response schema, so
 * fields it does not name are dropped and a wrong shape never leaves the server.
 */
export function shapeAnswer(call: Call, data: unknown): unknown {
  const r = call.res.safeParse(data ?? null);
  if (!r.success) throw new ContractBreach(call.path, r.error.issues);
  return r.data;
}

type Json = { [k: string]: unknown };

/**
 * The compiler reads OpenAPI's `nullable` where zod writes `anyOf: [T, null]`; a union it keeps
 * would make it try each branch with a validator on every answer.
 */
function nullableOf(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(nullableOf);
  if (!s || typeof s !== 'object') return s;
  const o: Json = {};
  for (const [k, v] of Object.entries(s)) o[k] = nullableOf(v);
  const any = o.anyOf as Json[] | undefined;
  const nul = any?.length === 2 ? any.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1) : -1;
  if (nul < 0) return o;
  const { anyOf: _union, ...rest } = o;
  return { ...rest, ...any![1 - nul], nullable: true };
}

const writers = new WeakMap<Call, (data: unknown) => string>();

/** The call's compiled writer, built once and kept for the life of the process. */
function writerOf(call: Call): (data: unknown) => string {
  let w = writers.get(call);
  if (!w) writers.set(call, (w = build(nullableOf(schemaOf(call.res, 'output', 'draft-7')) as Json) as (data: unknown) => string));
  return w;
}

/** Builds the calls' writers ahead of their first answers (a production start: about 1 ms each). */
export function compileWriters(calls: Call[]) {
  for (const call of calls) writerOf(call);
}

/**
 * A success envelope's JSON, the data written by the call's compiled writer: only the fields the
 * contract names, a missing required one a ContractBreach. Checked (tests, development), the
 * answer is also parsed by the zod schema, which checks every type and rule the writer trusts,
 * and both writings must agree, so a schema the compiler reads otherwise fails there too.
 */
export function answerJson(call: Call, data: unknown, checked: boolean): string {
  let json: string;
  try {
    json = writerOf(call)(data ?? null);
  } catch (e) {
    // checked, zod's refusal names the field; the writer's own message is the fallback
    if (checked) shapeAnswer(call, data);
    throw new ContractBreach(call.path, [{ path: [], message: (e as Error).message }]);
  }
  if (checked) {
    const shaped = JSON.stringify(shapeAnswer(call, data));
    if (json !== shaped && !isDeepStrictEqual(JSON.parse(json), JSON.parse(shaped)))
      throw new ContractBreach(call.path, [{ path: [], message: `the compiled writer wrote ${json.slice(0, 200)}` }]);
  }
  return `{"resultCode":"0","resultMessage":"OK","data":${json}}`;
}

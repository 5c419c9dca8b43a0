import { z } from 'zod';

/**
 * Who may make a call: anyone (public), anyone with the site key, any logged-in member, partners,
 * the site operator, or a game vendor of the site (its body signed with the vendor's secret).
 * 'partnerOrAdmin': partners (inside their own subtree) and the site operator (over the whole site),
 * for the few partner calls the operator makes on the site's partners (create, list, edit, rates).
 */
export type Access = 'public' | 'site' | 'member' | 'partner' | 'partnerOrAdmin' | 'admin' | 'vendor';

export interface Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  req: Req;
  res: Res;
  access: Access;
}

export function call<Req extends z.ZodType, Res extends z.ZodType>(path: string, req: Req, res: Res, access: Access = 'member'): Call<Req, Res> {
  return { path, req, res, access };
}

export type ReqOf<C extends Call> = z.input<C['req']>;
export type ParsedReqOf<C extends Call> = z.output<C['req']>;
export type ResOf<C extends Call> = z.output<C['res']>;

/** Every answer, success or not, has this shape. */
export interface Envelope<T = unknown> {
  resultCode: string;
  resultMessage: string;
  data: T | null;
}

export const empty = z.object({}).passthrough();
export const ok = z.null();

/** A real calendar moment: no Feb 30, no 25:61 (the shape alone would let them through). */
function isRealWireDate(v: string): boolean {
  const [y, mo, d, h = 0, mi = 0, se = 0] = v.split(/[- :]/).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || se > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}
/** Wire dates: `yyyy-MM-dd HH:mm:ss` in Korea time. */
export const wireDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'yyyy-MM-dd HH:mm:ss')
  .refine(isRealWireDate, 'not a real date or time');
export const yn = z.enum(['Y', 'N']);

/**
 * Money on the wire: a whole number in the site's smallest unit, as a JSON number (a safe
 * integer) or a string of decimal digits. Nothing else: no hex, binary, exponent, separators,
 * signs or spaces ("0x2710", "1e4", "1,0000", " 10", "+10" are refused, never read as 10,000).
 * An empty string is no amount (the call answers its own "enter an amount" code).
 */
const digits = /^[0-9]{1,16}$/;
const wireInt = (signed: boolean) =>
  z.preprocess(
    (v) => {
      if (v === '') return undefined;
      if (typeof v !== 'string') return v;
      const neg = signed && v.startsWith('-');
      const body = neg ? v.slice(1) : v;
      return digits.test(body) ? (neg ? -1 : 1) * Number(body) : v;
    },
    z
      .number()
      .int()
      .min(signed ? -Number.MAX_SAFE_INTEGER : 0)
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  );
export const amount = wireInt(false);
/** As `amount`, with a leading minus allowed (a take-back may send the amount negative). */
export const signedAmount = wireInt(true);
export const page = z.coerce.number().int().min(1).max(100000).default(1);

export const pageInfo = z.object({
  page: z.number(),
  count_per_list: z.number(),
  tatal_list_count: z.number(),
});
export type PageInfo = z.infer<typeof pageInfo>;

export function listOf<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), pageInfo });
}

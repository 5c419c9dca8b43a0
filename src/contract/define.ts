import { z } from 'zod';

/** Who may make a call: anyone (public), anyone with the site key, any logged-in member, partners, or the site operator. */
export type Access = 'public' | 'site' | 'member' | 'partner' | 'admin';

export interface Call<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  req: Req;
  res: Res;
  access: Access;
}

export function call<Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  req: Req,
  res: Res,
  access: Access = 'member',
): Call<Req, Res> {
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

/** Wire dates: `yyyy-MM-dd HH:mm:ss` in Korea time. */
export const wireDate = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'yyyy-MM-dd HH:mm:ss');
export const yn = z.enum(['Y', 'N']);
/** Money on the wire: a whole number in the site's smallest unit; strings with commas are accepted. */
export const amount = z.preprocess(
  (v) => (typeof v === 'string' ? Number(v.replace(/,/g, '')) : v),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
);
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

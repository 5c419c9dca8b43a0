import type { z } from 'zod';
import { ApiError, fail } from '../../../contract/codes.js';
import type { adminSiteCalls, bannerRow } from '../../../contract/site.js';
import type { Deps } from '../deps.js';
import { plainTitle } from './board.js';
import { pageInfoOf, pageWindow } from '../common/paging.js';
import { richTextToHtml, safeHref, safeImgSrc } from './sanitize.js';
import { fromWire, toWire } from '../common/time.js';

type Ctx = Pick<Deps, 'db' | 'clock'>;
type Kind = 'popup' | 'banner';
type SaveReq = z.output<(typeof adminSiteCalls)['bannerSave']['req']>;

const columns = ['id', 'kind', 'title', 'content', 'image_url', 'link_url', 'start_date', 'end_date', 'use_yn', 'ord'] as const;

function toRow(r: {
  id: number;
  kind: Kind;
  title: string;
  content: string;
  image_url: string | null;
  link_url: string | null;
  start_date: Date | null;
  end_date: Date | null;
  use_yn: 'Y' | 'N';
  ord: number;
}): z.infer<typeof bannerRow> {
  return {
    bannerIdx: r.id,
    kind: r.kind,
    title: r.title,
    content: r.content,
    imageUrl: r.image_url,
    linkUrl: r.link_url,
    startDate: r.start_date ? toWire(r.start_date) : null,
    endDate: r.end_date ? toWire(r.end_date) : null,
    useYn: r.use_yn,
    ord: r.ord,
  };
}

/** Popups or banners to show now: in use and inside their window, in display order. */
export async function activeBanners({ db, clock }: Ctx, siteId: string, kind: Kind) {
  const now = clock.now();
  const rows = await db
    .selectFrom('popup')
    .select(columns)
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('del_yn', '=', 'N')
    .where('use_yn', '=', 'Y')
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]))
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', now)]))
    .orderBy('ord')
    .orderBy('id', 'desc')
    .execute();
  return { list: rows.map(toRow) };
}

export async function listBanners({ db }: Ctx, siteId: string, pageNo: number, kind?: Kind) {
  let q = db.selectFrom('popup').where('site_id', '=', siteId).where('del_yn', '=', 'N');
  if (kind) q = q.where('kind', '=', kind);
  const { limit, offset } = pageWindow(pageNo);
  const [rows, total] = await Promise.all([
    q.select(columns).orderBy('kind').orderBy('ord').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRow), pageInfo: pageInfoOf(pageNo, Number(total.n)) };
}

function url(field: string, v: string | null | undefined, check: (s: string) => string | null): string | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v.trim() === '') return null;
  const ok = check(v);
  if (!ok) throw new ApiError('V001', `${field}: http or https only`);
  return ok;
}

/** Creates, edits or deletes (delYn Y) a popup or banner; content is sanitised HTML, urls http(s) only. */
export async function saveBanner({ db, clock }: Ctx, siteId: string, req: SaveReq) {
  if (req.delYn === 'Y') {
    if (!req.bannerIdx) throw new ApiError('V001', 'bannerIdx: required');
    const r = await db
      .updateTable('popup')
      .set({ del_yn: 'Y' })
      .where('id', '=', req.bannerIdx)
      .where('site_id', '=', siteId)
      .where('del_yn', '=', 'N')
      .returning('id')
      .executeTakeFirst();
    if (!r) fail('A001');
    return { bannerIdx: r.id };
  }
  const start = req.startDate ? fromWire(req.startDate) : req.startDate;
  const end = req.endDate ? fromWire(req.endDate) : req.endDate;
  if (start && end && end <= start) throw new ApiError('V001', 'endDate: must be after startDate');
  const values = {
    ...(req.kind !== undefined && { kind: req.kind }),
    ...(req.title !== undefined && { title: plainTitle(req.title).slice(0, 200) }),
    ...(req.content !== undefined && { content: richTextToHtml(req.content) }),
    ...(req.imageUrl !== undefined && { image_url: url('imageUrl', req.imageUrl, safeImgSrc) }),
    ...(req.linkUrl !== undefined && { link_url: url('linkUrl', req.linkUrl, safeHref) }),
    ...(start !== undefined && { start_date: start }),
    ...(end !== undefined && { end_date: end }),
    ...(req.useYn !== undefined && { use_yn: req.useYn }),
    ...(req.ord !== undefined && { ord: req.ord }),
  };
  if (req.bannerIdx) {
    if (values.title === '') throw new ApiError('V001', 'title: required');
    if (!Object.keys(values).length) return { bannerIdx: req.bannerIdx };
    const r = await db.updateTable('popup').set(values).where('id', '=', req.bannerIdx).where('site_id', '=', siteId).where('del_yn', '=', 'N').returning('id').executeTakeFirst();
    if (!r) fail('A001');
    return { bannerIdx: r.id };
  }
  if (!values.kind) throw new ApiError('V001', 'kind: required');
  if (!values.title) throw new ApiError('V001', 'title: required');
  const { id } = await db
    .insertInto('popup')
    .values({ ...values, kind: values.kind, title: values.title, site_id: siteId, reg_date: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { bannerIdx: id };
}

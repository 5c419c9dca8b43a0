import { queryOptions } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { rateCalls } from '../../contract/rate';
import type { ResOf } from '../../contract/define';
import { isApiError, type Api } from './api';
import { apiMessage } from './apiMessage';
import { alert, confirm, withLoading } from './dialogs';
import { queryClient, userKey } from './queryClient';
import type { Clamp } from './rateInput';

export type RollingRow = ResOf<typeof rateCalls.detailRateInfo>['memRollingInfo'][number];
const key = (prefix: string, me: string, ...rest: unknown[]) => userKey(prefix, me, 'rates', ...rest);

export const detailRateQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, 'detail', memId), queryFn: () => api(rateCalls.detailRateInfo, { memId }) });

export const rateInfoListQueryOptions = (api: Api, prefix: string, me: string, memId: string) =>
  queryOptions({ queryKey: key(prefix, me, 'info', memId), queryFn: () => api(rateCalls.rateInfoList, { memId }) });

export const multipleRateQueryOptions = (api: Api, prefix: string, me: string, memId: string, vendorCode: string) =>
  queryOptions({ queryKey: key(prefix, me, 'multiple', memId, vendorCode), queryFn: () => api(rateCalls.multipleRateInfo, { memId, vendorCode }) });

/** The alert of a clamped value; resolves once it is dismissed. */
export function clampAlert(error: Clamp['error']) {
  if (error === 'max') return alert(t`최대값보다 큽니다.`);
  if (error === 'min') return alert(t`최소값보다 작습니다.`);
  if (error === 'nan') return alert(t`숫자를 입력해 주세요.`);
  return Promise.resolve();
}

/** R001 and R002 in the product's words, with the server's own detail for a bound. */
const failText = (err: unknown) => {
  if (isApiError(err, 'R001')) return t`요율은 변경 후 하루 동안 다시 변경할 수 없습니다.`;
  if (isApiError(err, 'R002')) return t`허용 범위를 벗어난 요율입니다. (${err.message})`;
  if (isApiError(err, 'A001')) return t`요율은 직속 상위 파트너만 변경할 수 있습니다.`;
  const m = apiMessage(err);
  return m || t`다시 시도해 주세요.`;
};

const done = (changed: string[]) => alert(changed.length ? t`정상적으로 저장되었습니다.` : t`변경된 내용이 없습니다.`);

/** Confirm, save (rates travel as text), tell the outcome and refresh every rate view of the user. */
export async function saveCategoryRates(api: Api, prefix: string, me: string, memId: string, rows: { category: string; pointRate: string; loseRate: string }[]) {
  if (!(await confirm(t`저장하시겠습니까?`))) return false;
  let res;
  try {
    res = await withLoading(
      api(rateCalls.saveRates, { memId, rateList: rows.map((r) => ({ category: r.category, cateCode: r.category, pointRate: r.pointRate, loseRate: r.loseRate })) }),
    );
  } catch (err) {
    await alert(failText(err));
    return false;
  }
  await queryClient.invalidateQueries({ queryKey: key(prefix, me) });
  await done(res.changed);
  return true;
}

export async function saveMultipleRates(
  api: Api,
  prefix: string,
  me: string,
  memId: string,
  vendorCode: string,
  rows: { rateType: string; pointRate: string; loseRate: string }[],
) {
  if (!(await confirm(t`저장하시겠습니까?`))) return false;
  let res;
  try {
    res = await withLoading(api(rateCalls.saveMultipleRates, { memId, vendorCode, rateList: rows }));
  } catch (err) {
    await alert(failText(err));
    return false;
  }
  await queryClient.invalidateQueries({ queryKey: key(prefix, me) });
  await done(res.changed);
  return true;
}

import { queryOptions } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { rateCalls } from '../../../contract/rate';
import type { ResOf } from '../../../contract/define';
import type { Api, ApiError } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { alert } from '../../lib/dialogs';
import { userKey } from '../../lib/queryClient';
import { useApi } from '../../lib/useApi';
import { useWrite } from '../../lib/write/useWrite';
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
const failText = (err: ApiError) => {
  if (err.code === 'R001') return t`요율은 변경 후 하루 동안 다시 변경할 수 없습니다.`;
  if (err.code === 'R002') return t`허용 범위를 벗어난 요율입니다. (${err.message})`;
  if (err.code === 'A001') return t`요율은 직속 상위 파트너만 변경할 수 있습니다.`;
  return apiMessage(err) || t`다시 시도해 주세요.`;
};

const done = (res: { changed: string[] }) => alert(res.changed.length ? t`정상적으로 저장되었습니다.` : t`변경된 내용이 없습니다.`);

/** Rates save through the write hook: confirm, save (rates travel as text), tell the outcome and refresh every rate view of the user. */
const useSaveRates = <V, R extends { changed: string[] }>(prefix: string, me: string, run: (v: V) => Promise<R>) =>
  useWrite({ run, confirm: () => t`저장하시겠습니까?`, describe: failText, invalidates: [key(prefix, me)], onDone: done });

/** One member's category rates; the save answers true once saved. */
export function useSaveCategoryRates(prefix: string, me: string) {
  const api = useApi();
  const write = useSaveRates(prefix, me, (v: { memId: string; rows: { category: string; pointRate: string; loseRate: string }[] }) =>
    api(rateCalls.saveRates, { memId: v.memId, rateList: v.rows.map((r) => ({ category: r.category, cateCode: r.category, pointRate: r.pointRate, loseRate: r.loseRate })) }),
  );
  return (memId: string, rows: { category: string; pointRate: string; loseRate: string }[]) => write.submit({ memId, rows });
}

/** One member's detail rates of one vendor; the save answers true once saved. */
export function useSaveMultipleRates(prefix: string, me: string) {
  const api = useApi();
  const write = useSaveRates(prefix, me, (v: { memId: string; vendorCode: string; rows: { rateType: string; pointRate: string; loseRate: string }[] }) =>
    api(rateCalls.saveMultipleRates, { memId: v.memId, vendorCode: v.vendorCode, rateList: v.rows }),
  );
  return (memId: string, vendorCode: string, rows: { rateType: string; pointRate: string; loseRate: string }[]) => write.submit({ memId, vendorCode, rows });
}

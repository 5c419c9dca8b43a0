import { z } from 'zod';
import { call, page, pageInfo, wireDate } from './define.js';
import { optAmount, optDate, requestId } from './cash.js';

export const pointRow = z.object({
  pointIdx: z.number(),
  /** the bet behind rolling points, when there is one */
  gameIdx: z.number().nullable(),
  regDt: wireDate,
  updDt: wireDate,
  memId: z.string(),
  /** point type code as text ('3' rolling, '-4' conversion ...) and its name */
  pointType: z.string(),
  codeName: z.string(),
  betAmt: z.number(),
  pointRate: z.number(),
  pointBonusRate: z.number(),
  /** signed: conversions are negative (screens show them without sign) */
  point_inAmt: z.number(),
  /** always 'complete': points move at once */
  status: z.string(),
});

export const pointCalls = {
  /** 'in': accrued points (rolling, events, manager pay); 'out': conversions. Dates default to 7 days back. */
  list: call(
    '/api/cash/pointList',
    z.object({ pointType: z.enum(['in', 'out']).default('in'), page, startDate: optDate, endDate: optDate }),
    z.object({ list: z.array(pointRow), sum: z.number(), pageInfo }),
  ),
  /** Converts points to cash 1:1: at least 10,000, at most the holdings, once a minute. */
  convert: call('/api/cash/pointChg', z.object({ pointAmt: optAmount, requestId }), z.object({ cashAmt: z.number(), pointAmt: z.number() })),
};

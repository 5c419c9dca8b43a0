import { ApiError, type ResultCode } from '../../contract/codes.js';

/**
 * A database refusal that reached the route layer, as a business answer: the statement did not
 * apply (its transaction rolled back), so nothing changed and the caller gets a code, not S500.
 * SQLSTATE classes: 22 data exception, 23 integrity constraint, 40 transaction rollback.
 */
const bySqlState: Record<string, ResultCode> = {
  '22003': 'V002', // numeric value out of range (a balance or counter past bigint)
  '22008': 'V001', // datetime field overflow
  '22007': 'V001', // invalid datetime format
  '22P02': 'V001', // invalid text representation
  '22P05': 'V001', // untranslatable character
  '22021': 'V001', // invalid byte sequence (NUL)
  '22001': 'V001', // string too long for its column
  '22023': 'V001', // invalid parameter value
  '23502': 'V001', // a required value missing
  '23503': 'V001', // refers to a row that does not exist
  '23505': 'C999', // a concurrent duplicate won the unique key
  '23514': 'V002', // a check constraint (e.g. a balance that would leave its range)
  '23P01': 'C999', // exclusion constraint
  '40001': 'E002', // serialization failure: retry
  '40P01': 'E002', // deadlock: retry
  '57014': 'E002', // statement timeout
};

export function dbErrorAnswer(err: unknown): ApiError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const mapped = bySqlState[code] ?? (code.startsWith('22') ? 'V001' : code.startsWith('23') ? 'V002' : null);
  return mapped ? new ApiError(mapped) : null;
}

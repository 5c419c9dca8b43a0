import { t } from '@lingui/core/macro';

export const GROUP_MAX = 10;

/** Seed §5 group range: numbers only, end above start, at most 10 members; below 10 padded to two digits. */
export function groupSuffixes(start: string, end: string): { suffixes: string[] } | { error: string } {
  if (!/^\d{1,6}$/.test(start.trim()) || !/^\d{1,6}$/.test(end.trim())) return { error: t`숫자만 입력해 주세요.` };
  const [a, b] = [Number(start), Number(end)];
  if (b <= a) return { error: t`뒷 번호가 더 커야 합니다.` };
  if (b - a > GROUP_MAX - 1) return { error: t`최대 10명까지 가입할 수 있습니다.` };
  return { suffixes: Array.from({ length: b - a + 1 }, (_, i) => String(a + i).padStart(2, '0')) };
}

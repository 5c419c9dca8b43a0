import { t } from '@lingui/core/macro';

/** Partner level display names, PTN_1 (top) to PTN_7, then plain members. */
export function levelName(level: string): string {
  switch (level) {
    case 'PTN_1': return t`대표`;
    case 'PTN_2': return t`본사`;
    case 'PTN_3': return t`부본사`;
    case 'PTN_4': return t`총판`;
    case 'PTN_5': return t`매장`;
    case 'PTN_6': return t`지사`;
    case 'PTN_7': return t`팀`;
    default: return t`회원`;
  }
}

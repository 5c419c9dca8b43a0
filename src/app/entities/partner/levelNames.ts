import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PartnerLevel } from '../../../contract/enums';

/** Labels of the partner levels, translated; every level the contract lists must have one. */
const levelLabels = {
  PTN_1: msg`대표`,
  PTN_2: msg`본사`,
  PTN_3: msg`부본사`,
  PTN_4: msg`총판`,
  PTN_5: msg`매장`,
  PTN_6: msg`지점`,
  PTN_7: msg`팀`,
  NORMAL: msg`회원`,
} satisfies Record<PartnerLevel, MessageDescriptor>;

/** Any level outside the catalogue reads as a plain member. */
export const partnerLevelName = (level: string) => i18n._(levelLabels[level as PartnerLevel] ?? levelLabels.NORMAL);

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { codeLabel } from '../../lib/codeLabels';
import type { NoticeCategory, faqTypes as faqTypeCodes } from '../../../contract/board';

const categories = {
  normal: msg`일반`,
  event: msg`이벤트`,
  notice: msg`공지`,
  rule: msg`규정`,
} satisfies Record<NoticeCategory, MessageDescriptor>;

const faqTypes = {
  bankaccount: msg`계좌문의`,
  etc: msg`기타`,
} satisfies Record<(typeof faqTypeCodes)[number], MessageDescriptor>;

/** Notice category code -> its name in the current language. */
export const categoryName = (code: string) => codeLabel(categories, code, code);
/** Inquiry type (faqType) -> its name in the current language. */
export const faqTypeName = (code: string | null) => codeLabel(faqTypes, code, code ?? '');
/** Board helpers show timestamps without seconds. */
export const shortDate = (wire: string) => (wire.length > 16 ? wire.slice(0, -3) : wire);

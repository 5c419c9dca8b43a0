import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';

const categories: Record<string, MessageDescriptor> = {
  normal: msg`일반`,
  event: msg`이벤트`,
  notice: msg`공지`,
  rule: msg`규정`,
};

const faqTypes: Record<string, MessageDescriptor> = {
  bankaccount: msg`계좌문의`,
  etc: msg`기타`,
};

/** Notice category code -> its name in the current language. */
export const categoryName = (code: string) => (categories[code] ? i18n._(categories[code]) : code);
/** Inquiry type (faqType) -> its name in the current language. */
export const faqTypeName = (code: string | null) => (code && faqTypes[code] ? i18n._(faqTypes[code]) : (code ?? ''));
/** Board helpers show timestamps without seconds. */
export const shortDate = (wire: string) => (wire.length > 16 ? wire.slice(0, -3) : wire);

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LimitKind } from '../../contract/protection';

export const limitLabels: Record<LimitKind, MessageDescriptor> = {
  deposit_day: msg`일일 입금 한도`,
  deposit_week: msg`주간 입금 한도`,
  deposit_month: msg`월간 입금 한도`,
  loss_day: msg`일일 손실 한도`,
  loss_week: msg`주간 손실 한도`,
  loss_month: msg`월간 손실 한도`,
};

/** `yyyy-MM-dd HH:mm` of a wire date (Korea time, as every date on screen). */
export const shortWire = (wire: string) => wire.slice(0, 16);

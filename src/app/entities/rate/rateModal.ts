import { proxy } from 'valtio';

/** The shell's rate modal (a member's rates per category), opened from any list row. */
export const rateModal = proxy({ memId: null as string | null });

export function openRateModal(memId: string) {
  rateModal.memId = memId;
}

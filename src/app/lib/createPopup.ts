import { proxy } from 'valtio';

/**
 * The shell's create popup (partner / member): opened from the shell button or a list row's
 * create-downline button, which names the parent. `done` counts successes so lists can reload.
 */
export const createPopup = proxy({ open: false, recommenderId: null as string | null, done: 0 });

export function openCreate(recommenderId: string | null = null) {
  createPopup.recommenderId = recommenderId;
  createPopup.open = true;
}

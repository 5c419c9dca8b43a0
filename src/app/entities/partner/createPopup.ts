import { proxy } from 'valtio';

/**
 * The shell's create popup (partner / member): opened from the shell button or a list row's
 * create-downline button, which names the parent and its level. `done` counts successes.
 */
export const createPopup = proxy({ open: false, recommenderId: null as string | null, recommenderLevel: null as string | null, done: 0 });

export function openCreate(recommenderId: string | null = null, recommenderLevel: string | null = null) {
  createPopup.recommenderId = recommenderId;
  createPopup.recommenderLevel = recommenderLevel;
  createPopup.open = true;
}

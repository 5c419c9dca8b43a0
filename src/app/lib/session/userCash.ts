import { saveSession, session } from './store';

/** The member's money as the coin check answered it (`getUserCash`): shown at once and kept for the next start. */
export function applyUserCash(cash: { cashAmt: number; pointAmt: number; gameAmt: number }) {
  if (!session.member) return;
  session.member.cashAmt = cash.cashAmt;
  session.member.pointAmt = cash.pointAmt;
  session.member.gameAmt = cash.gameAmt;
  session.syncedAt = Date.now();
  saveSession();
}

/** Balances a money write answered with, shown at once in every header. */
export function applyBalance(cashAmt: number, pointAmt: number) {
  if (!session.member) return;
  session.member.cashAmt = cashAmt;
  session.member.pointAmt = pointAmt;
  session.syncedAt = Date.now();
  saveSession();
}

/** Cash and game money a game call answered with (launch, integrated money). */
export function applyGameMoney(cashAmt: number, gameAmt: number) {
  if (!session.member) return;
  session.member.cashAmt = cashAmt;
  session.member.gameAmt = gameAmt;
  session.syncedAt = Date.now();
  saveSession();
}

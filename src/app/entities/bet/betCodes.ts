import { t } from '@lingui/core/macro';
import type { SettleGroup, StatType } from '../../../contract/gameConcepts';

/** Game categories as the bet screens name them (the server's names are Korean only). */
export function categoryName(code: string): string {
  switch (code) {
    case 'casino':
      return t`라이브카지노`;
    case 'hcasino':
      return t`호텔카지노`;
    case 'slot':
      return t`슬롯`;
    case 'sport':
      return t`스포츠`;
    case 'mini':
      return t`미니게임`;
    default:
      return code;
  }
}

/** A settlement group's name: casino stands for live and hotel casino together. */
export const settleGroupName = (g: SettleGroup | StatType): string => (g === 'total' ? t`전체` : g === 'casino' ? t`카지노` : categoryName(g));

/** Bet results: win, lose, draw, wait; anything else counts as cancelled. */
export function resultName(type: string): string {
  switch (type) {
    case 'win':
      return t`당첨`;
    case 'lose':
      return t`낙첨`;
    case 'draw':
      return t`무승부`;
    case 'wait':
      return t`대기`;
    default:
      return t`취소`;
  }
}

/** Sport ids of the sportsbook feed. */
export function sportName(id: number): string {
  switch (id) {
    case 1:
      return t`축구`;
    case 2:
      return t`농구`;
    case 3:
      return t`미식축구`;
    case 6:
      return t`테니스`;
    case 7:
      return t`야구`;
    case 8:
      return t`아이스하키`;
    case 9:
      return t`스페셜`;
    case 10:
      return t`핸드볼`;
    case 14:
      return t`모터레이싱`;
    case 17:
      return t`포커`;
    case 19:
      return t`배구`;
    case 23:
      return t`하키`;
    case 34:
      return t`배드민턴`;
    case 43:
      return t`격투기`;
    case 45:
      return t`수영`;
    case 64:
      return t`e스포츠`;
    case 218:
      return t`가상축구`;
    case 219:
      return t`가상농구`;
    case 220:
      return t`LoL`;
    case 221:
      return t`DOTA2`;
    case 222:
      return t`CSGO`;
    default:
      return t`기타`;
  }
}

/** Leg status as the feed sends it: Opened, Won, Lost, Draw. */
export function legStatusName(status: string): string {
  switch (status) {
    case 'Won':
      return t`적중`;
    case 'Lost':
      return t`미적중`;
    case 'Draw':
      return t`무승부`;
    case 'Opened':
      return t`진행중`;
    default:
      return status;
  }
}

/** The side a leg picked. */
export function pickName(pick: string): string {
  switch (pick) {
    case 'home':
      return t`홈`;
    case 'away':
      return t`원정`;
    case 'draw':
      return t`무`;
    default:
      return pick;
  }
}

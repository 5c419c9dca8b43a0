import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { codeLabel } from '../../lib/codeLabels';
import type { BetPick, BetStatus, GameCategory, LegStatus, SettleGroup, StatType } from '../../../contract/gameConcepts';

const categoryLabels = {
  casino: msg`라이브카지노`,
  hcasino: msg`호텔카지노`,
  slot: msg`슬롯`,
  sport: msg`스포츠`,
  mini: msg`미니게임`,
} satisfies Record<GameCategory, MessageDescriptor>;

/** Game categories as the bet screens name them (the server's names are Korean only); an unknown code shows as itself. */
export const categoryName = (code: string): string => codeLabel(categoryLabels, code, code);

/** A settlement group's name: casino stands for live and hotel casino together. */
export const settleGroupName = (g: SettleGroup | StatType): string => (g === 'total' ? t`전체` : g === 'casino' ? t`카지노` : categoryName(g));

const resultLabels = {
  win: msg`당첨`,
  lose: msg`낙첨`,
  draw: msg`무승부`,
  wait: msg`대기`,
  cancel: msg`취소`,
} satisfies Record<BetStatus, MessageDescriptor>;

/** Bet results: win, lose, draw, wait; anything else counts as cancelled. */
export const resultName = (type: string): string => codeLabel(resultLabels, type, i18n._(resultLabels.cancel));

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

const legStatusLabels = {
  Won: msg`적중`,
  Lost: msg`미적중`,
  Draw: msg`무승부`,
  Opened: msg`진행중`,
} satisfies Record<LegStatus, MessageDescriptor>;

/** Leg status as the feed sends it: Opened, Won, Lost, Draw; an unknown one shows as itself. */
export const legStatusName = (status: string): string => codeLabel(legStatusLabels, status, status);

const pickLabels = { home: msg`홈`, draw: msg`무`, away: msg`원정` } satisfies Record<BetPick, MessageDescriptor>;

/** The side a leg picked; an unknown one shows as itself. */
export const pickName = (pick: string): string => codeLabel(pickLabels, pick, pick);

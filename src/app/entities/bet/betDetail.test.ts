import { describe, expect, it } from 'vitest';
import { handsOf, parseDetail } from './betDetail';

describe('bet detail', () => {
  it('tells empty, frame and body apart', () => {
    expect(parseDetail('')).toEqual({ kind: 'none' });
    expect(parseDetail('{}')).toEqual({ kind: 'none' });
    expect(parseDetail('not json')).toEqual({ kind: 'none' });
    expect(parseDetail('{"url":"https://vendor.example/round/1"}')).toEqual({ kind: 'frame', url: 'https://vendor.example/round/1' });
    expect(parseDetail('{"url":"javascript:alert(1)","dType":"default"}').kind).toBe('body');
  });
  it('finds the hands of a result in a fixed order, seats last', () => {
    const hands = handsOf({ banker: { cards: ['9C'], score: 9 }, player: { cards: ['2D'], score: 2 }, winner: 'banker', seats: [{ cards: ['AS'] }] });
    expect(hands.map((h) => h.key)).toEqual(['player', 'banker', 'seat1']);
    expect(handsOf({ legs: [] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { START, comparePositions, formatPosition, parsePosition } from './event-envelope.js';

describe('store positions', () => {
  it('order by transaction id first, then by global position', () => {
    const a = { transactionId: '9', globalPosition: '100' };
    const b = { transactionId: '10', globalPosition: '5' };
    expect(comparePositions(a, b)).toBe(-1);
    expect(comparePositions(b, a)).toBe(1);
    expect(comparePositions(a, { ...a })).toBe(0);
    expect(comparePositions({ transactionId: '10', globalPosition: '4' }, b)).toBe(-1);
    expect(comparePositions(START, a)).toBe(-1);
  });

  it('compare beyond the safe integer range exactly', () => {
    const big = { transactionId: '9007199254740993', globalPosition: '1' };
    const bigger = { transactionId: '9007199254740994', globalPosition: '1' };
    expect(comparePositions(big, bigger)).toBe(-1);
  });

  it('round-trip through their header form', () => {
    const p = { transactionId: '123', globalPosition: '456' };
    expect(formatPosition(p)).toBe('123/456');
    expect(parsePosition('123/456')).toEqual(p);
  });

  it('refuse malformed header text', () => {
    expect(() => parsePosition('123')).toThrow('Not a store position');
    expect(() => parsePosition('1/2/3')).toThrow('Not a store position');
    expect(() => parsePosition('a/2')).toThrow();
  });
});

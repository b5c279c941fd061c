import { describe, expect, it } from 'vitest';
import { percentage } from '../server/surveys.ts';

describe('percentage', () => {
  it('rounds half-up to two decimals and handles no answers', () => {
    expect(percentage(2, 3)).toBe(66.67);
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(1, 8)).toBe(12.5);
    expect(percentage(1, 800)).toBe(0.13); // 0.125 -> 0.13 (half-up)
    expect(percentage(0, 0)).toBe(0);
    expect(percentage(5, 5)).toBe(100);
  });
});

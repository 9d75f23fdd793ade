import { describe, expect, it } from 'vitest';
import { ADDRESS_LANES, laneBudget, spreadOverLanes } from './address-lanes';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('address lanes', () => {
  it('share the cap out exactly, the first lanes taking the remainder', () => {
    for (const max of [0, 1, 3, 8, 10, 17, 1_000_000]) {
      const budgets = Array.from({ length: ADDRESS_LANES }, (_, lane) => laneBudget(max, lane));
      expect(sum(budgets), String(max)).toBe(max);
      expect(Math.max(...budgets) - Math.min(...budgets)).toBeLessThanOrEqual(1);
    }
    expect(Array.from({ length: ADDRESS_LANES }, (_, lane) => laneBudget(10, lane))).toEqual([
      2, 2, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('hold an exact count within each lane’s share', () => {
    expect(spreadOverLanes(0, 10)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(spreadOverLanes(3, 10)).toEqual([2, 1, 0, 0, 0, 0, 0, 0]);
    expect(spreadOverLanes(10, 10)).toEqual([2, 2, 1, 1, 1, 1, 1, 1]);
    expect(spreadOverLanes(2, 3)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { moved, placeInto } from './order';

describe('moved', () => {
  it('moves one id to a new index, clamped to the list', () => {
    expect(moved([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2, 3], 2, 9)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
  });
});

describe('placeInto', () => {
  it('keeps the other items in their places', () => {
    // Tickets 1, 3, 5 and products 2, 4: the products swap, the tickets stay put.
    expect(placeInto([1, 2, 3, 4, 5], [4, 2])).toEqual([1, 4, 3, 2, 5]);
  });

  it('reorders a subset that is the whole list', () => {
    expect(placeInto([1, 2, 3], [3, 1, 2])).toEqual([3, 1, 2]);
  });

  it('leaves the order unchanged when the subset keeps its order', () => {
    expect(placeInto([7, 8, 9], [7, 9])).toEqual([7, 8, 9]);
  });
});

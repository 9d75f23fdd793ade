import { describe, expect, it } from 'vitest';
import { sharedReads } from './fresh-reads';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a shared read', () => {
  it('is read once per key within its window, shared by callers in between, and anew after forget', async () => {
    const reads: string[] = [];
    const kept = sharedReads(
      async (key: string, caller: string) => {
        reads.push(`${key} for ${caller}`);
        return `${key} #${reads.length}`;
      },
      { freshMs: 200 },
    );
    const [a, b] = await Promise.all([kept.get('/e/1', 'Ana'), kept.get('/e/1', 'Bo')]);
    expect([a, b]).toEqual(['/e/1 #1', '/e/1 #1']);
    expect(await kept.get('/e/2', 'Bo')).toBe('/e/2 #2');
    await wait(250);
    expect(await kept.get('/e/1', 'Cy')).toBe('/e/1 #3');
    // After an organizer's change, read again at once.
    kept.forget();
    expect(await kept.get('/e/1', 'Di')).toBe('/e/1 #4');
    expect(reads).toEqual(['/e/1 for Ana', '/e/2 for Bo', '/e/1 for Cy', '/e/1 for Di']);
  });

  it('keeps neither a failed read nor an answer it is told not to share', async () => {
    let reads = 0;
    const kept = sharedReads(
      async (key: string) => {
        reads += 1;
        if (key === 'broken' && reads === 1) throw new Error('database away');
        return { key, refused: key === 'mine' };
      },
      { keep: (answer) => !answer.refused },
    );
    await expect(kept.get('broken')).rejects.toThrow('database away');
    expect(await kept.get('broken')).toEqual({ key: 'broken', refused: false });
    expect(await kept.get('broken')).toEqual({ key: 'broken', refused: false });
    expect(reads).toBe(2);
    await kept.get('mine');
    await kept.get('mine');
    expect(reads).toBe(4);
  });
});

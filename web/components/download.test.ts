import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, readWithProgress } from './download';

describe('the file name of a download', () => {
  it('takes the quoted name the server sends', () => {
    expect(filenameFromDisposition('attachment; filename="attendees-12.csv"', 'x.csv')).toBe(
      'attendees-12.csv',
    );
  });

  it('takes an unquoted name', () => {
    expect(filenameFromDisposition('attachment; filename=attendees.xlsx; size=3', 'x')).toBe(
      'attendees.xlsx',
    );
  });

  it('prefers the UTF-8 name when both are there', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="Fete.csv"; filename*=UTF-8''F%C3%AAte%20d%27%C3%A9t%C3%A9.csv`,
        'x',
      ),
    ).toBe("Fête d'été.csv");
  });

  it('keeps escaped quotes and drops path separators', () => {
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"', 'x')).toBe('a "b".csv');
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('.._.._etc_passwd');
  });

  it('falls back without a header, a name, or with a broken encoding', () => {
    expect(filenameFromDisposition(null, 'attendees-1.csv')).toBe('attendees-1.csv');
    expect(filenameFromDisposition('attachment', 'attendees-1.csv')).toBe('attendees-1.csv');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'f.csv')).toBe('f.csv');
  });
});

describe('reading a download', () => {
  it('tells the bytes received as they come and keeps the type', async () => {
    const parts = ['first_name,last_name\n', 'Ana,Lima\n', 'Rui,Costa\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const seen: number[] = [];
    const blob = await readWithProgress(
      new Response(body, { headers: { 'content-type': 'text/csv' } }),
      (bytes) => seen.push(bytes),
    );
    expect(seen).toEqual([21, 30, 40]);
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe(parts.join(''));
  });
});

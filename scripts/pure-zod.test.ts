import { describe, expect, it } from 'vitest';
import { zodCallStarts } from './pure-zod';

describe('the pure annotation of zod schemas', () => {
  it('marks each whole chain that starts from z, and the chains inside its arguments', () => {
    const code = [
      "import { z } from 'zod';",
      "export const A = z.strictObject({ a: z.string().trim().min(1) }).meta({ id: 'A' });",
      'export const name = () => z.string().max(5);',
    ].join('\n');
    const starts = zodCallStarts(code);
    const marked = starts.map((at) => code.slice(at, at + 16));
    expect(marked.sort()).toEqual(['z.strictObject({', 'z.string().max(5', 'z.string().trim(']);
  });

  it('leaves alone calls that do not start from z, and a z that is not a call', () => {
    const code = 'const y = helper(z).other(); const w = z; run(); obj.z();';
    expect(zodCallStarts(code)).toEqual([]);
  });

  it('reads TypeScript and JSX', () => {
    const code = 'const S: Schema = z.object({}); const el = <div>{String(z.never())}</div>;';
    expect(zodCallStarts(code).map((at) => code.slice(at, at + 8))).toEqual(['z.object', 'z.never(']);
  });
});

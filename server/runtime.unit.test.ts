import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
  engines: { node: string };
};
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

describe('the Node.js runtime', () => {
  it('is one that package.json declares (engines.node)', () => {
    const declared = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(declared, 'engines.node is written as >=MAJOR.MINOR').not.toBeNull();
    const [, wantMajor = '0', wantMinor = '0'] = declared ?? [];
    expect(major > Number(wantMajor) || (major === Number(wantMajor) && minor >= Number(wantMinor))).toBe(
      true,
    );
  });

  it('is the major CI asked for, when it asked (.ci/run runs a pass on Node 22)', () => {
    const expected = process.env.EXPECT_NODE_MAJOR;
    expect(expected === undefined || Number(expected) === major).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { AFFILIATE_CODE_PATTERN } from './affiliate-link';
import { AffiliateRequest } from './affiliates';

describe('AffiliateRequest', () => {
  it('trims, upper-cases the code, lower-cases the e-mail and defaults to ACTIVE', () => {
    expect(
      AffiliateRequest.parse({ name: ' Radio ', code: ' radio-fm_1 ', email: ' A@Example.com ' }),
    ).toEqual({
      name: 'Radio',
      code: 'RADIO-FM_1',
      email: 'a@example.com',
      status: 'ACTIVE',
    });
  });

  it('stores an empty or missing e-mail as null', () => {
    expect(AffiliateRequest.parse({ name: 'A', code: 'AB', email: '' }).email).toBeNull();
    expect(AffiliateRequest.parse({ name: 'A', code: 'AB', email: null }).email).toBeNull();
    expect(AffiliateRequest.parse({ name: 'A', code: 'AB' }).email).toBeNull();
  });

  it('takes codes of 2 to 40 letters, digits, dashes and underscores', () => {
    const ok = (code: string) => AffiliateRequest.safeParse({ name: 'A', code }).success;
    expect(ok('ab')).toBe(true);
    expect(ok('x'.repeat(40))).toBe(true);
    expect(ok('a')).toBe(false);
    expect(ok('x'.repeat(41))).toBe(false);
    for (const bad of ['a b', 'café', 'a/b', 'a.b', '<b>', 'a+b']) expect(ok(bad), bad).toBe(false);
  });

  it('agrees with the pattern the buyer’s browser checks before remembering a code', () => {
    for (const code of ['ab', 'RADIO-fm_1', 'x'.repeat(40), 'a', 'x'.repeat(41), 'a b', '<b>']) {
      expect(AFFILIATE_CODE_PATTERN.test(code), code).toBe(
        AffiliateRequest.safeParse({ name: 'A', code }).success,
      );
    }
  });

  it('refuses unknown fields and statuses, empty and long names', () => {
    expect(AffiliateRequest.safeParse({ name: 'A', code: 'AB', commission: 5 }).success).toBe(false);
    expect(AffiliateRequest.safeParse({ name: 'A', code: 'AB', status: 'PAUSED' }).success).toBe(false);
    expect(AffiliateRequest.safeParse({ name: ' ', code: 'AB' }).success).toBe(false);
    expect(AffiliateRequest.safeParse({ name: 'n'.repeat(101), code: 'AB' }).success).toBe(false);
  });
});

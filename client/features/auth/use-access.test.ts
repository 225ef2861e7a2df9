import { describe, expect, it } from 'vitest';
import { computeAccess } from './use-access';

describe('computeAccess (docs/product.md §4)', () => {
  it('gives a visitor nothing', () => {
    expect(computeAccess({ user: null, newsletterFlag: false, demoMode: false })).toEqual({ isSignedIn: false, hasFreeAccess: false, hasPremiumAccess: false });
  });
  it('gives free access to a newsletter flag holder without signing them in', () => {
    expect(computeAccess({ user: null, newsletterFlag: true, demoMode: false })).toEqual({ isSignedIn: false, hasFreeAccess: true, hasPremiumAccess: false });
  });
  it('gives a signed-in free member free access only', () => {
    expect(computeAccess({ user: { isPremium: false }, newsletterFlag: false, demoMode: false })).toEqual({
      isSignedIn: true,
      hasFreeAccess: true,
      hasPremiumAccess: false,
    });
  });
  it('gives a premium member everything', () => {
    expect(computeAccess({ user: { isPremium: true }, newsletterFlag: false, demoMode: false })).toEqual({
      isSignedIn: true,
      hasFreeAccess: true,
      hasPremiumAccess: true,
    });
  });
  it('gives everything in demo mode', () => {
    expect(computeAccess({ user: null, newsletterFlag: false, demoMode: true })).toEqual({ isSignedIn: true, hasFreeAccess: true, hasPremiumAccess: true });
  });
});

import { describe, expect, it } from 'vitest';
import { computeAccess } from '../auth/use-access';
import { gateFor } from './gate';

const visitor = { hasFreeAccess: false, hasPremiumAccess: false, isLoading: false };
const free = { hasFreeAccess: true, hasPremiumAccess: false, isLoading: false };
const premium = { hasFreeAccess: true, hasPremiumAccess: true, isLoading: false };

describe('gateFor', () => {
  it('opens open guides (Fuel, Future, Impact) to everyone, even while the user loads', () => {
    for (const access of [visitor, free, premium, { ...visitor, isLoading: true }]) {
      expect(gateFor(access, { requiresFreeAccess: false })).toBe('open');
    }
  });

  it('asks a visitor for free access on Gears and Humans, and opens them with free or premium access', () => {
    const gated = { requiresFreeAccess: true, requirePremium: false };
    expect(gateFor(visitor, gated)).toBe('access-required');
    expect(gateFor(free, gated)).toBe('open');
    expect(gateFor(premium, gated)).toBe('open');
  });

  it('with requirePremium, asks everyone but premium members for premium', () => {
    const premiumOnly = { requiresFreeAccess: true, requirePremium: true };
    expect(gateFor(visitor, premiumOnly)).toBe('premium-required');
    expect(gateFor(free, premiumOnly)).toBe('premium-required');
    expect(gateFor(premium, premiumOnly)).toBe('open');
  });

  it('waits for the user instead of flashing a gate, unless access is already known', () => {
    const loading = { ...visitor, isLoading: true };
    expect(gateFor(loading, { requiresFreeAccess: true })).toBe('loading');
    expect(gateFor(loading, { requiresFreeAccess: true, requirePremium: true })).toBe('loading');
    // The newsletter flag is known at once: no spinner for its holder.
    expect(gateFor({ ...free, isLoading: true }, { requiresFreeAccess: true })).toBe('open');
  });

  it('follows docs/product.md §4: the newsletter flag or an account gives free access, isPremium gives premium', () => {
    const flagHolder = computeAccess({ user: null, newsletterFlag: true, demoMode: false });
    const member = computeAccess({ user: { isPremium: false }, newsletterFlag: false, demoMode: false });
    const payer = computeAccess({ user: { isPremium: true }, newsletterFlag: false, demoMode: false });
    const nobody = computeAccess({ user: null, newsletterFlag: false, demoMode: false });
    const gears = { requiresFreeAccess: true };
    expect(gateFor({ ...nobody, isLoading: false }, gears)).toBe('access-required');
    expect(gateFor({ ...flagHolder, isLoading: false }, gears)).toBe('open');
    expect(gateFor({ ...member, isLoading: false }, gears)).toBe('open');
    expect(gateFor({ ...member, isLoading: false }, { ...gears, requirePremium: true })).toBe('premium-required');
    expect(gateFor({ ...payer, isLoading: false }, { ...gears, requirePremium: true })).toBe('open');
  });
});

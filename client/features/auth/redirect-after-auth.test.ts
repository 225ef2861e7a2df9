import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './redirect-after-auth';

describe('isSameSitePath', () => {
  it('accepts paths on this site', () => {
    for (const path of ['/', '/privacy-policy', '/premium-signup?plan=yearly', '/allies#top']) expect(isSameSitePath(path), path).toBe(true);
  });
  it('refuses other hosts and odd values', () => {
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'privacy-policy', '', '/\tx', ' /x']) {
      expect(isSameSitePath(path), path).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isSameSitePath, sameSitePath } from './redirect-after-auth';
import { signInPurpose, wayBackNotice } from './sign-in-purpose';

describe('isSameSitePath', () => {
  it('accepts paths on this site, their query and fragment kept', () => {
    for (const path of ['/', '/privacy-policy', '/premium-signup?plan=yearly', '/allies#top', '/subscribe?offer=winter25', '/search?q=board%20chair'])
      expect(sameSitePath(path), path).toBe(path);
  });
  it('refuses other hosts and odd values', () => {
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'privacy-policy', '', '/\tx', ' /x']) {
      expect(isSameSitePath(path), path).toBe(false);
    }
  });
  it('refuses what a browser or the router would turn into another host', () => {
    const hostile = [
      '\\\\evil.example',
      '\\/evil.example',
      '/\\/evil.example',
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/%2E/%2Fevil.example/..//evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/\u2028/evil.example',
      'javascript:/x',
      'JavaScript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http:/evil.example',
      'https:evil.example',
      '/x/' + 'a'.repeat(3000),
    ];
    for (const path of hostile) expect(isSameSitePath(path), JSON.stringify(path)).toBe(false);
  });
});

describe('what signing in is for', () => {
  it('names the purpose of each page that asks for it, by its route', () => {
    expect(signInPurpose('/subscribe?offer=winter25')).toBe('subscribe to premium');
    expect(signInPurpose('/checkup/progress')).toBe('see your Check-Up progress');
    expect(signInPurpose('/account/receipts/abc')).toBe('see your receipts');
    expect(signInPurpose('/privacy-policy')).toBeNull();
  });
  it("names the team Check-Up's pages, the personal link's too", () => {
    expect(signInPurpose('/team-checkup')).toBe('run your team Check-Up');
    expect(signInPurpose('/team-checkup/rounds/0b6f6a8e-3c1d-4a6e-9d53-6a0f0f2f1a11/result')).toBe("see your team's Check-Up result");
    expect(wayBackNotice(`/team-checkup/answer/${'A'.repeat(43)}`)).toBe(
      'Sign in or create your free account to keep your team Check-Up result. Afterwards you go straight back.',
    );
  });
  it('tells /auth where it leads back to, and that an offer stays', () => {
    expect(wayBackNotice('/subscribe?offer=winter25')).toBe(
      'Sign in or create your free account to subscribe to premium. Afterwards you go straight back, with the offer from your link.',
    );
    expect(wayBackNotice('/checkup/progress')).toBe('Sign in or create your free account to see your Check-Up progress. Afterwards you go straight back.');
    expect(wayBackNotice('/field-guides')).toBe('After signing in you go back to the page you came from.');
    expect(wayBackNotice('//evil.example')).toBeNull();
    expect(wayBackNotice(null)).toBeNull();
  });
});

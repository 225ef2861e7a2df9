import { afterEach, describe, expect, it, vi } from 'vitest';
import { grantEnd } from '#shared/membership/grant-lengths';
import { retakeReminderMail } from '../features/checkup/retake-mail';
import { cancellationMail, grantEndedMail, grantEndingMail, receiptMail } from '../features/membership/mails';
import { teamInvitationMail } from '../features/teams/mails';

/**
 * Mails write dates on the site's clock (SITE_TIMEZONE), not the UTC day: with the clock frozen
 * at 11:06 PM on Saturday 28 November 2026 in New York (already Sunday the 29th in UTC), a week
 * from now is Saturday 5 December there.
 */
const timeZone = 'America/New_York';
const member = { email: 'grace@example.org', firstName: 'Grace' };
const publicUrl = 'https://hub.example.org';
const links = { page: `${publicUrl}/stop`, oneClick: `${publicUrl}/api/stop`, headers: {} };

afterEach(() => vi.useRealTimers());

describe("dates in mails, on the site's clock", () => {
  it('a grant given late on a Saturday evening ends, in its mails, on the Saturday a week later', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T04:06:00.000Z'), toFake: ['Date'] });
    const endsAt = grantEnd('1_week', new Date())!;
    expect(endsAt.toISOString()).toBe('2026-12-06T04:06:00.000Z');
    const ending = grantEndingMail(member, { endsAt, publicUrl, timeZone });
    expect(ending.subject).toBe('Your complimentary premium ends on December 5, 2026');
    expect(ending.text).toContain('gave you ends on December 5, 2026.');
    expect(ending.text).not.toContain('December 6');
    expect(grantEndedMail(member, { endsAt, publicUrl, timeZone }).text).toContain('ended on December 5, 2026, as planned');
  });

  it('a receipt, a cancellation, an invitation and a reminder say the New York day', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T04:06:00.000Z'), toFake: ['Date'] });
    const now = new Date();
    const renewal = new Date('2026-12-29T04:06:00.000Z');
    const receipt = receiptMail(member, { plan: 'monthly', amountCents: 1900, invoiceId: 'in_1', paidAt: now, nextRenewal: renewal, publicUrl, timeZone });
    expect(receipt.text).toContain('- Date: November 28, 2026');
    expect(receipt.text).toContain('- Next renewal: December 28, 2026');
    expect(cancellationMail(member, { plan: 'monthly', endsAt: renewal, publicUrl, timeZone }).subject).toBe(
      'Your premium membership ends on December 28, 2026',
    );
    const invitation = teamInvitationMail({
      to: member.email,
      ownerName: 'Ada',
      link: `${publicUrl}/team/join/x`,
      expiresAt: new Date(now.getTime() + 7 * 86_400_000),
      timeZone,
    });
    expect(invitation.text).toContain('(it works once, until December 5, 2026)');
    expect(retakeReminderMail(member.email, now, publicUrl, links, timeZone).text).toContain('You took the Nonprofit Check-Up on November 28, 2026.');
  });
});

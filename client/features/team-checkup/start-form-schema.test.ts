import { describe, expect, it } from 'vitest';
import { roundMessages } from '#shared/team-checkup/schemas';
import { closingDays, dayAfter, siteToday } from './closing-days';
import { emailLines, startFormSchema } from './start-form-schema';

const days = { first: '2026-11-30', last: '2027-01-28' };
const member = '0b6f6a8e-3c1d-4a6e-9d53-6a0f0f2f1a11';
const messages = (input: unknown) => {
  const parsed = startFormSchema(days).safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe("the closing day on the site's clock", () => {
  it('counts days from the site’s date, not UTC’s', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in New York.
    const now = new Date('2026-12-01T03:00:00Z');
    expect(siteToday(now, 'America/New_York')).toBe('2026-11-30');
    expect(siteToday(now, 'UTC')).toBe('2026-12-01');
    expect(closingDays(siteToday(now, 'America/New_York'))).toEqual({ first: '2026-12-01', usual: '2026-12-14', last: '2027-01-29' });
    // Across a month, a year and the spring's daylight-saving change.
    expect(dayAfter('2027-02-20', 60)).toBe('2027-04-21');
    expect(dayAfter('2026-03-01', 7)).toBe('2026-03-08');
  });
});

describe('the "Start a round" form', () => {
  it('reads the addresses as lines and passes a round of three people', () => {
    expect(emailLines('a@example.org\n\n b@example.org ; c@example.org,')).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    const parsed = startFormSchema(days).parse({
      name: ' Spring retreat ',
      closesOn: '2026-12-13',
      memberIds: [member],
      emails: 'a@example.org\nb@example.org',
    });
    expect(parsed).toEqual({ name: 'Spring retreat', closesOn: '2026-12-13', memberIds: [member], emails: ['a@example.org', 'b@example.org'] });
  });

  it('says what is wrong in the shared words', () => {
    expect(messages({ name: 'R', closesOn: '2026-11-29', memberIds: [member], emails: 'a@example.org\nb@example.org' })).toEqual([
      `closesOn: ${roundMessages.closeInPast}`,
    ]);
    expect(messages({ name: 'R', closesOn: '2027-01-29', memberIds: [member], emails: 'a@example.org\nb@example.org' })).toEqual([
      `closesOn: ${roundMessages.closeTooLate}`,
    ]);
    // The same address twice is one person.
    expect(messages({ name: 'R', closesOn: '2026-12-13', memberIds: [member], emails: 'a@example.org\nA@example.org' })).toEqual([
      `people: ${roundMessages.tooFew}`,
    ]);
    expect(messages({ name: '', closesOn: '2026-12-13', memberIds: [], emails: 'not an address' })).toEqual(
      expect.arrayContaining(['name: Give the round a name', expect.stringMatching(/^emails\.0: /)]),
    );
    const many = Array.from({ length: 26 }, (_, i) => `p${i}@example.org`).join('\n');
    expect(messages({ name: 'R', closesOn: '2026-12-13', memberIds: [], emails: many })).toEqual([
      'emails: Ask at most 25 people from outside the team in one round',
    ]);
  });
});

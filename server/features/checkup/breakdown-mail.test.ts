import { describe, expect, it } from 'vitest';
import { breakdownMail } from './breakdown-mail';

const mail = await breakdownMail({
  to: 'someone@example.org',
  id: '11111111-2222-4333-8444-555555555555',
  totalScore: 30,
  // IMPACT 6 → 63% C, HUMANS 5 → 69% C, FUEL 4 → 75% B, GEARS 8 → 50% D, FUTURE 7 → 56% D
  categoryScores: { IMPACT: 6, HUMANS: 5, FUEL: 4, GEARS: 8, FUTURE: 7 },
  publicUrl: 'https://hub.example.org',
});

describe('the breakdown email', () => {
  it('states the overall grade, every pillar and the weakest pillars first', () => {
    expect(mail.subject).toBe('Your Check-Up breakdown: grade C (Held Together by Hope & Coffee)');
    expect(mail.text).toContain('Overall grade: C (Held Together by Hope & Coffee), 63%');
    expect(mail.text).toContain('IMPACT: C (Held Together by Hope & Coffee), 63%');
    expect(mail.text).toContain('FUEL: B (Mostly Functional), 75%');
    expect(mail.text).toContain('GEARS: D (Please Send Snacks), 50%');
    expect(mail.text).toMatch(
      /Where to start:\n- Gears Field Guide: https:\/\/hub\.example\.org\/field-guide\/gears\n- Future Field Guide: https:\/\/hub\.example\.org\/field-guide\/future\n/,
    );
    expect(mail.text).toContain('Your results page: https://hub.example.org/checkup/results/11111111-2222-4333-8444-555555555555');
  });

  it('promises no review and no later mail: it is sent once, nothing follows from it', () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/review your results|recommendations .*soon/i);
      expect(body).toContain('It is sent once; nothing else follows from it.');
    }
  });

  it('escapes text in the HTML body', () => {
    expect(mail.html).toContain('Held Together by Hope &amp; Coffee');
    expect(mail.html).not.toContain('Hope & Coffee');
    expect(mail.html).toContain('<a href="https://hub.example.org/checkup/results/11111111-2222-4333-8444-555555555555">');
  });
});

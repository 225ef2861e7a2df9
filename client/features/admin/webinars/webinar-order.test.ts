import { describe, expect, it } from 'vitest';
import { inListOrder } from './webinar-order';

describe("the admin's webinar list", () => {
  it('runs the upcoming webinars soonest first, then the held and cancelled ones latest first', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const webinar = (id: string, startsAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({ id, startsAt, status });
    const list = [
      webinar('late', '2026-12-20T18:00:00Z'),
      webinar('held', '2026-10-01T18:00:00Z'),
      webinar('next', '2026-11-26T06:37:00Z'),
      webinar('called off', '2026-12-01T18:00:00Z', 'cancelled'),
      webinar('held lately', '2026-11-10T18:00:00Z'),
    ];
    expect(inListOrder(list, now).map((w) => w.id)).toEqual(['next', 'late', 'called off', 'held lately', 'held']);
  });
});

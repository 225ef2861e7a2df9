import { describe, expect, it } from 'vitest';
import { archiveOfferText, cancelWebinarText, subscribersNowText, switchOnSequenceText } from './count-texts';
import { audienceInSentence, recipientsText } from './editions/audience-text';

describe('admin texts with a count', () => {
  it('agree with the count at 1 (and say something plain at 0)', () => {
    expect(subscribersNowText(1)).toBe('1 subscriber now');
    expect(subscribersNowText(1250)).toBe('1,250 subscribers now');
    expect(archiveOfferText({ label: 'Winter 25', redeemed: 1 })).toBe(
      '“Winter 25” stops applying from its link now. The 1 member who redeemed it keeps its terms.',
    );
    expect(archiveOfferText({ label: 'Winter 25', redeemed: 4 })).toBe(
      '“Winter 25” stops applying from its link now. The 4 members who redeemed it keep its terms.',
    );
    expect(archiveOfferText({ label: 'Winter 25', redeemed: 0 })).toBe('“Winter 25” stops applying from its link now. No one has redeemed it.');
    expect(cancelWebinarText({ title: 'Boards', signups: 1 })).toBe(
      '“Boards” is cancelled and the 1 person signed up gets an email that removes it from their calendar. This cannot be undone.',
    );
    expect(cancelWebinarText({ title: 'Boards', signups: 2 })).toBe(
      '“Boards” is cancelled and the 2 people signed up get an email that removes it from their calendar. This cannot be undone.',
    );
    expect(cancelWebinarText({ title: 'Boards', signups: 0 })).toBe('“Boards” is cancelled; no one had signed up. This cannot be undone.');
    expect(switchOnSequenceText({ recent: 1, recentDays: 90, target: 'Fuel', name: 'Fuel tips', firstDelayDays: 1 })).toBe(
      '1 Check-Up of the last 90 days fell in “Fuel”. From now on, everyone who finishes the Check-Up there gets “Fuel tips”, step 1 after 1 day.',
    );
  });
});

describe('the send dialog’s audience', () => {
  it('keeps a segment’s name as the admin wrote it, and counts people', () => {
    expect(audienceInSentence({ audience: 'segment', segmentName: 'Board Chairs in NYC' })).toBe('segment “Board Chairs in NYC”');
    expect(audienceInSentence({ audience: 'premium', segmentName: null })).toBe('premium members only');
    expect(recipientsText(1)).toBe('1 person');
    expect(recipientsText(2400)).toBe('2,400 people');
    expect(recipientsText(undefined)).toBe('everyone in the audience');
  });
});

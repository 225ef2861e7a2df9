import { audienceLabels, type EditionSummary } from '#shared/newsletter/editions';
import { plural } from '#shared/plural';

type Audience = Pick<EditionSummary, 'audience' | 'segmentName'>;

/** Who an edition goes to, as a label: "Premium members only", "Segment “Board Chairs”". */
export const audienceOf = (edition: Audience) =>
  edition.audience === 'segment' ? `Segment “${edition.segmentName ?? 'deleted'}”` : audienceLabels[edition.audience];

/**
 * The same inside a sentence: only the label's first letter is lowered; a segment's name stays
 * as the admin wrote it ("segment “Board Chairs in NYC”", not "board chairs in nyc").
 */
export const audienceInSentence = (edition: Audience) => {
  const label = audienceOf(edition);
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/** How many the send dialog says an edition goes to, before the count is in: everyone in the audience. */
export const recipientsText = (count: number | undefined) => (count === undefined ? 'everyone in the audience' : plural(count, 'person', 'people'));

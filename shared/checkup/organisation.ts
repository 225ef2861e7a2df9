import type { Pillar } from './questions';

/**
 * The Check-Up's three optional questions about the organisation (docs/decisions/040-checkup-peers.md).
 * The values are what is stored; the labels are what people read. Changing a value orphans the
 * attempts stored with it, so values are only ever added.
 */
export const budgetBands = [
  { value: 'under-100k', label: 'Under $100,000' },
  { value: '100k-500k', label: '$100,000 to $499,999' },
  { value: '500k-1m', label: '$500,000 to $999,999' },
  { value: '1m-5m', label: '$1 million to $4.9 million' },
  { value: '5m-plus', label: '$5 million or more' },
] as const;

export const staffBands = [
  { value: 'none', label: 'No paid staff (volunteers only)' },
  { value: '1-5', label: '1 to 5' },
  { value: '6-20', label: '6 to 20' },
  { value: '21-50', label: '21 to 50' },
  { value: '51-plus', label: '51 or more' },
] as const;

export const focusAreas = [
  { value: 'arts-culture', label: 'Arts and culture' },
  { value: 'education', label: 'Education' },
  { value: 'environment', label: 'Environment and animals' },
  { value: 'health', label: 'Health' },
  { value: 'human-services', label: 'Human services' },
  { value: 'youth', label: 'Youth development' },
  { value: 'community', label: 'Community and economic development' },
  { value: 'international', label: 'International' },
  { value: 'faith', label: 'Faith-based' },
  { value: 'other', label: 'Something else' },
] as const;

type ValueOf<T extends readonly { value: string }[]> = T[number]['value'];
export type BudgetBand = ValueOf<typeof budgetBands>;
export type StaffBand = ValueOf<typeof staffBands>;
export type FocusArea = ValueOf<typeof focusAreas>;

const valuesOf = <T extends readonly { value: string }[]>(list: T) => list.map((item) => item.value) as [ValueOf<T>, ...ValueOf<T>[]];
export const budgetBandValues = valuesOf(budgetBands);
export const staffBandValues = valuesOf(staffBands);
export const focusAreaValues = valuesOf(focusAreas);
export const budgetBandLabel = (band: BudgetBand): string => budgetBands.find((b) => b.value === band)!.label;

export interface OrganisationAnswers {
  budgetBand?: BudgetBand | null;
  staffBand?: StaffBand | null;
  focusArea?: FocusArea | null;
}

/** The fewest organisations a peer group may have before its figures are shown. */
export const PEER_MINIMUM = 10;

/** One pillar's spread in a peer group, in the results page's health percent (higher is healthier), whole numbers. */
export interface PillarSpread {
  p25: number;
  median: number;
  p75: number;
}

/**
 * The peer figures shown beside a result: those of the organisations with the same budget band
 * ('band'), or, when that group is too small or no band was given, of all organisations ('all').
 */
export interface PeerFigures {
  group: 'band' | 'all';
  /** The band asked about (the result's); with group 'all' it says why the broader group is shown. */
  budgetBand: BudgetBand | null;
  organisations: number;
  computedAt: string;
  pillars: Record<Pillar, PillarSpread>;
}

/** The admin's view of the peer groups: each budget band's size and all organisations', what is shown and why, and when they were computed. */
export interface PeerGroupSizes {
  groups: {
    group: BudgetBand | 'all';
    label: string;
    /** The group's size at the latest computation. */
    organisations: number;
    shown: boolean;
    /** The figures shown: how many organisations they are of, and when they were computed. */
    figuresOrganisations: number | null;
    figuresAsOf: string | null;
    /** Organisations come to the group since its figures were computed (new figures from PEER_MINIMUM). */
    newSince: number;
    /** Why no figures show: fewer than the minimum; the rest of all organisations outside the bands shown would be; or waiting for enough newcomers. */
    hidden: 'too-few' | 'rest-too-few' | 'waiting' | null;
  }[];
  /** null until the first computation. */
  computedAt: string | null;
}

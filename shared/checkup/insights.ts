import data from '../../content/checkup/insights.json';
import type { Grade } from './grading';
import type { Pillar } from './questions';

/** What a pillar's grade means and three next steps (content/checkup/insights.json). */
export interface PillarInsight {
  meaning: string;
  nextSteps: string[];
}

// The annotation makes the type checker prove every pillar has a text for every grade.
const insights: Record<Pillar, Record<Grade, PillarInsight>> = data;

export function insightFor(pillar: Pillar, grade: Grade): PillarInsight {
  return insights[pillar][grade];
}

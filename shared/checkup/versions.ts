import { type Pillar, pillars, questions } from './questions';

/**
 * Which question set an attempt answered. Every attempt is stored with the version it answered
 * and never rescored. The version goes up by one whenever any question's text or pillar changes
 * (or one is added or removed), and the new version's entry is added to `questionSetHistory`
 * with each pillar's fingerprint; versions.test.ts fails while the questions differ from the
 * latest entry. Two attempts' grades for a pillar are comparable when that pillar's questions
 * were the same in both versions (same fingerprint); otherwise the pillar is "not comparable".
 */
export const questionSetVersion = 1;

/** FNV-1a over the pillar's questions in order: short, stable, the same on the server and in the browser. */
export function pillarFingerprint(texts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of texts.join('\n')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Each pillar's fingerprint for the questions as they are now. */
export function currentFingerprints(): Record<Pillar, string> {
  return Object.fromEntries(pillars.map((p) => [p, pillarFingerprint(questions.filter((q) => q.category === p).map((q) => `${q.id} ${q.text}`))])) as Record<
    Pillar,
    string
  >;
}

/** Every version's pillar fingerprints, oldest first; the last is `questionSetVersion`. */
export type QuestionSetHistory = Readonly<Record<number, Readonly<Record<Pillar, string>>>>;

export const questionSetHistory: QuestionSetHistory = {
  1: { IMPACT: '5090808a', HUMANS: 'd7d2e172', FUEL: '3b0fc690', GEARS: 'cced1efa', FUTURE: '8701f97d' },
};

/** Whether a pillar's grades under two versions measure the same thing (an unknown version is never comparable). */
export function comparable(pillar: Pillar, a: number, b: number, history: QuestionSetHistory = questionSetHistory): boolean {
  if (a === b) return true;
  const first = history[a];
  const second = history[b];
  return Boolean(first && second && first[pillar] === second[pillar]);
}

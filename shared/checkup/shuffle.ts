/**
 * Fisher-Yates: a uniformly random order, as a new array. `random` returns [0, 1) like
 * Math.random; tests pass a seeded source so the order is reproducible.
 */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

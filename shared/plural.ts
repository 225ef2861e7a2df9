const figures = new Intl.NumberFormat('en-US');

/**
 * A count and its noun, which agree: "1 subscriber", "2 subscribers", "1 person", "3 people".
 * Every text that puts a number before a noun writes it with this, so none reads "1 subscribers".
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${figures.format(count)} ${count === 1 ? one : many}`;
}

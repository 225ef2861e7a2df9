/**
 * Splits a Markdown file into its front matter (simple `key: value` lines between `---`) and
 * body. Our content files use no nesting or lists in front matter, so no YAML parser is needed.
 */
export function splitFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return { meta, body: source.slice(match[0].length) };
}

/**
 * marked renders `- [ ] item` as a disabled checkbox with no label, which screen readers
 * announce as an unnamed control (and axe rejects). This gives each one an id and a label
 * holding the item's text, and lets readers tick items on screen (nothing is saved).
 */
export function labelChecklists(html: string, idPrefix: string): string {
  let count = 0;
  return html.replace(/<li><input (?:disabled="" )?type="checkbox"(?: disabled="")?>\s*([\s\S]*?)<\/li>/g, (_match, text: string) => {
    const id = `${idPrefix}-check-${++count}`;
    return `<li><input type="checkbox" id="${id}"> <label for="${id}">${text.trim()}</label></li>`;
  });
}

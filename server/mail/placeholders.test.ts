import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders';

describe('fillPlaceholders', () => {
  it('fills the text as it is and the HTML escaped, every occurrence, with no replacement patterns', () => {
    const mail = { subject: 'Hi', html: '<a href="{{u}}">Leave</a> <a href="{{u}}">again</a> {{p}}', text: 'Leave: {{u}}\n{{p}}' };
    const copy = fillPlaceholders(mail, { '{{u}}': 'https://x.org/u?token=a=b&e=1', '{{p}}': "$& <b>'" });
    expect(copy).toEqual({
      subject: 'Hi',
      html: '<a href="https://x.org/u?token=a=b&amp;e=1">Leave</a> <a href="https://x.org/u?token=a=b&amp;e=1">again</a> $&amp; &lt;b&gt;&#39;',
      text: "Leave: https://x.org/u?token=a=b&e=1\n$& <b>'",
    });
  });
});

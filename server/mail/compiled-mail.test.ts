import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { compileMail, type MailTemplate, type Values } from './compiled-mail';
import { fillPlaceholders } from './placeholders';

const LINK = '{{unsubscribe_url}}';
const ONE_CLICK = '{{one_click_url}}';

/** The template with the values put in, as nodemailer would have been given it for one recipient. */
function filled(template: MailTemplate, values: Values) {
  const fill = (text: string) => Object.entries(values).reduce((out, [placeholder, value]) => out.replaceAll(placeholder, () => value), text);
  // A copy composed whole is filled by fillPlaceholders: both ways must give the same mail.
  const headers = Object.fromEntries(Object.entries(template.headers).map(([name, value]) => [name, fill(value)]));
  return { ...fillPlaceholders(template, values), headers };
}

async function expectSameMail(template: MailTemplate, to: string, values: Values) {
  const compiled = await compileMail(template, [LINK, ONE_CLICK]);
  const raw = compiled.copyFor(to, values)!;
  const lines = raw.toString('latin1').split('\r\n');
  // CRLF only, and no body line over RFC 2045's 76 characters.
  expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
  expect(lines.filter((line) => line.length > 76 && !/^[\w-]+: /.test(line))).toEqual([]);
  const copy = await simpleParser(raw);
  const mail = filled(template, values);
  // The bodies decode to exactly the text (the parser gives line ends as LF); the headers read as nodemailer's own.
  expect(copy.text).toBe(mail.text.replace(/\r\n/g, '\n'));
  expect(copy.html).toBe(mail.html);
  const expected = await simpleParser(await new MailComposer({ ...mail, to }).compile().build());
  expect(copy.subject).toBe(expected.subject);
  expect(copy.from?.text).toBe(expected.from?.text);
  expect(copy.to).toEqual(expected.to);
  for (const name of Object.keys(template.headers)) expect(copy.headers.get(name.toLowerCase())).toEqual(expected.headers.get(name.toLowerCase()));
  return copy;
}

const template = (text: string, html: string): MailTemplate => ({
  from: 'The Weekly Dish <dish@example.org>',
  subject: 'Réunion du conseil — the board meets again, and this subject runs well past one line',
  text,
  html,
  headers: { 'List-Unsubscribe': `<${ONE_CLICK}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

describe('a message composed once', () => {
  it("reads like nodemailer's own for each recipient: links filled in, HTML escaped, a Message-ID each", async () => {
    const long = `${'word '.repeat(40)}é ${'x'.repeat(200)}  \n`;
    const values = {
      [LINK]: 'https://example.org/unsubscribe?token=a=b&c=d==&e=' + 'f'.repeat(120),
      [ONE_CLICK]: 'https://example.org/api/newsletter/unsubscribe?token=abc=&x=1',
    };
    const mail = template(
      `${LINK}\nHello,\n${long}Unsubscribe: ${LINK}`,
      `<p style="margin:0">Bonjour ☕</p>\n<table><tr><td>${long}</td></tr></table><a href="${LINK}">Unsubscribe</a> <a href="${LINK}">again</a>`,
    );
    const first = await expectSameMail(mail, 'reader@example.org', values);
    expect(first.html).toContain('href="https://example.org/unsubscribe?token=a=b&amp;c=d==&amp;e=');
    const compiled = await compileMail(mail, [LINK, ONE_CLICK]);
    const ids = ['a@example.org', 'b@example.org'].map((to) => /^Message-ID: (.*)$/m.exec(compiled.copyFor(to, values)!.toString('latin1'))![1]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('leaves an address beyond ASCII to nodemailer', async () => {
    const compiled = await compileMail(template(LINK, LINK), [LINK, ONE_CLICK]);
    expect(compiled.copyFor('jörg@example.org', { [LINK]: 'x', [ONE_CLICK]: 'y' })).toBeNull();
  });

  it('decodes to the same text for any body, placeholders anywhere, and any value', async () => {
    const piece = fc.string({ unit: 'grapheme', maxLength: 120 });
    const body = fc
      .array(fc.oneof(piece, fc.constant(LINK), fc.constant('\n'), fc.constant(' \t ')), { maxLength: 12 })
      .map((parts) => parts.join(''))
      .filter((text) => text !== '');
    const value = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(body, body, value, async (text, html, link) => {
        await expectSameMail(template(text, html), 'reader@example.org', { [LINK]: link, [ONE_CLICK]: 'https://example.org/one-click' });
      }),
      { numRuns: 60 },
    );
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { compileMail } from './compiled-mail';
import { createTransport } from './transport';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { startSmtpCapture } from '../test/smtp';
import { uniqueEmail } from '../test/unique-email';

/**
 * Every message leaves DKIM-signed when the settings are given (decision 044): a real mail of the
 * real app, through the delivery engine to a real SMTP server, verified by mailauth against the
 * test's public key as DNS would publish it.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const published = `v=DKIM1; k=rsa; p=${publicKey.export({ format: 'der', type: 'spki' }).toString('base64')}`;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const raws: { raw: string; to: string[] }[] = [];
beforeAll(async () => {
  smtp = await startSmtpCapture({ onMail: (raw, to) => raws.push({ raw, to }) });
});
afterAll(() => smtp.close());

/** The raw message the capture received for `to`, once it has. */
async function rawFor(to: string): Promise<string> {
  await smtp.waitFor(to, /./);
  return raws.find((m) => m.to.includes(to))!.raw;
}

async function signupMail(settings: Record<string, string>): Promise<string> {
  let t: TestApp | undefined;
  try {
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'The Hub <hello@hub.example.org>', ...settings });
    const email = uniqueEmail('dkim');
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(201);
    return await rawFor(email);
  } finally {
    await t?.close();
  }
}

describe('DKIM signing', () => {
  it('signs a mail that verifies with the published key, covering the one-click unsubscribe headers; unset settings sign nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dkim-'));
    writeFileSync(join(dir, 'dkim.pem'), pem);
    const signed = await signupMail({ DKIM_DOMAIN: 'hub.example.org', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY_FILE: join(dir, 'dkim.pem') });

    const asked: string[] = [];
    const resolver = async (name: string, type: string) => {
      asked.push(`${type} ${name}`);
      if (type === 'TXT' && name === 'mail2026._domainkey.hub.example.org') return [[published]];
      throw Object.assign(new Error(`no ${type} ${name}`), { code: 'ENOTFOUND' });
    };
    const result = await dkimVerify(signed, { resolver });
    expect(asked).toContain('TXT mail2026._domainkey.hub.example.org');
    expect(result.results).toHaveLength(1);
    expect(result.results[0]).toMatchObject({ signingDomain: 'hub.example.org', selector: 'mail2026', status: { result: 'pass' } });
    const signedFields = result.results[0]!.signingHeaders!.keys.toLowerCase().split(/:\s*/);
    expect(signedFields).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));

    // Another key at the same name: the signature no longer verifies (the check is real).
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const wrong = await dkimVerify(signed, { resolver: async () => [[`v=DKIM1; k=rsa; p=${other}`]] });
    expect(wrong.results[0]!.status.result).toBe('fail');

    const unsigned = await signupMail({});
    expect(unsigned).toMatch(/^List-Unsubscribe-Post:/m);
    expect(unsigned).not.toMatch(/^DKIM-Signature:/im);
  }, 60_000);

  it('refuses at start a key that cannot sign, or an incomplete set, naming the setting', () => {
    const base = { DKIM_DOMAIN: 'hub.example.org', DKIM_SELECTOR: 'mail2026' };
    expect(() => loadEnv({ ...base, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/DKIM_PRIVATE_KEY: is not a private key in PEM format/);
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadEnv({ ...base, DKIM_PRIVATE_KEY: ed25519 })).toThrow(/DKIM_PRIVATE_KEY: is an ed25519 key: DKIM signing here needs an RSA key/);
    expect(() => loadEnv({ ...base, DKIM_PRIVATE_KEY_FILE: '/nonexistent/dkim.pem' })).toThrow(/DKIM_PRIVATE_KEY_FILE: cannot read \/nonexistent\/dkim.pem/);
    expect(() => loadEnv({ DKIM_DOMAIN: 'hub.example.org', DKIM_PRIVATE_KEY: pem })).toThrow(EnvError);
    expect(() => loadEnv({ DKIM_DOMAIN: 'hub.example.org', DKIM_PRIVATE_KEY: pem })).toThrow(/DKIM_SELECTOR: required/);
    // A PEM on one line of an .env file, its line breaks written as \n.
    expect(loadEnv({ ...base, DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') }).DKIM).toMatchObject({ domainName: 'hub.example.org', keySelector: 'mail2026' });
    expect(loadEnv({}).DKIM).toBeUndefined();
  });
  it.each([
    ['one connection a message (nodemailer)', undefined],
    ["an edition's pool of connections (smtp-pool.ts)", { connections: 2 }],
  ])("signs a message composed once for many (an edition's copy), and one composed for one person, the same way: %s", async (_, pool) => {
    const transport = createTransport({
      smtpUrl: smtp.url,
      from: 'The Weekly Dish <dish@hub.example.org>',
      dataDir: mkdtempSync(join(tmpdir(), 'dkim-raw-')),
      dkim: { domainName: 'hub.example.org', keySelector: 'mail2026', privateKey: pem },
      ...(pool ? { pool } : {}),
    });
    const to = uniqueEmail('dkim-raw');
    const single = uniqueEmail('dkim-single');
    try {
      const link = '{{unsubscribe_url}}';
      const compiled = await compileMail(
        {
          from: transport.from,
          subject: 'Composed once',
          text: `Hello ${link}`,
          html: `<p>Hello <a href="${link}">leave</a></p>`,
          headers: { 'List-Unsubscribe': `<${link}>` },
        },
        [link],
      );
      await transport.deliverRaw({
        to,
        subject: 'Composed once',
        raw: compiled.copyFor(to, { [link]: 'https://hub.example.org/unsubscribe?token=t&edition=e' })!,
      });
      await transport.deliver({ to: single, subject: 'For one person', text: 'Hello.', headers: { 'List-Unsubscribe': '<https://hub.example.org/u>' } });
    } finally {
      transport.close();
    }
    const result = await dkimVerify(await rawFor(to), { resolver: async () => [[published]] });
    expect(result.results[0]).toMatchObject({ signingDomain: 'hub.example.org', status: { result: 'pass' } });
    expect(result.results[0]!.signingHeaders!.keys.toLowerCase().split(/:\s*/)).toEqual(expect.arrayContaining(['to', 'message-id', 'list-unsubscribe']));
    const one = await dkimVerify(await rawFor(single), { resolver: async () => [[published]] });
    expect(one.results).toHaveLength(1);
    expect(one.results[0]).toMatchObject({ signingDomain: 'hub.example.org', status: { result: 'pass' } });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliverabilityReport, DnsCheck } from '#shared/admin/deliverability';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { type DnsTable, startDnsServer } from '../../test/dns';
import { signInEveryone } from '../../test/identities';
import { checkDeliverability } from './check';

// Three accounts at OWASP-strength hashing, and one lookup left to time out (about 3 s).
vi.setConfig({ testTimeout: 60_000 });

/**
 * The admin's deliverability check over HTTP, its resolver pointed at a real DNS server of the
 * test's own (DELIVERABILITY_DNS_SERVER): each kind of wrong record gets its verdict and fix, and
 * a failed lookup is told apart from a missing record.
 */
const key = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits });
const signing = key(2048);
const pem = signing.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const p = (k: ReturnType<typeof key>) => k.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

const domain = 'hub.example.org';
const selectorName = `mail2026._domainkey.${domain}`;
const good: DnsTable = {
  txt: {
    [domain]: ['v=spf1 include:_spf.provider.example ~all', 'google-site-verification=abc123'],
    [selectorName]: [`v=DKIM1; k=rsa; p=${p(signing)}`],
    [`_dmarc.${domain}`]: ['v=DMARC1; p=quarantine; rua=mailto:dmarc@hub.example.org'],
  },
};
const withTxt = (name: string, records: string[]): DnsTable => ({ txt: { ...good.txt, [name]: records } });

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
beforeAll(async () => {
  dns = await startDnsServer(good);
  t = await startTestApp({
    MAIL_FROM: `The Hub <hello@${domain}>`,
    DKIM_DOMAIN: domain,
    DKIM_SELECTOR: 'mail2026',
    DKIM_PRIVATE_KEY: pem,
    DELIVERABILITY_DNS_SERVER: dns.address,
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
  });
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

async function check(table: DnsTable): Promise<Record<DnsCheck['name'], DnsCheck>> {
  dns.table = table;
  const res = await callApp(`${t.url}/api/admin/deliverability`, 'GET', { cookie: cookies.admin });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  const report = res.json as DeliverabilityReport;
  expect(report.domain).toBe(domain);
  return Object.fromEntries(report.checks.map((c) => [c.name, c])) as Record<DnsCheck['name'], DnsCheck>;
}

describe('GET /api/admin/deliverability', () => {
  it('finds a well-set domain good on all three, and is for admins only', async () => {
    const checks = await check(good);
    expect(Object.values(checks).map((c) => [c.name, c.verdict, c.fix])).toEqual([
      ['SPF', 'good', null],
      ['DKIM', 'good', null],
      ['DMARC', 'good', null],
    ]);
    expect(checks.SPF.found).toEqual(['v=spf1 include:_spf.provider.example ~all']);
    expect(checks.DKIM.summary).toBe(`The key at ${selectorName} matches the private key this site signs every message with.`);
    expect(checks.DMARC.summary).toMatch(/p=quarantine: receivers put in spam mail from hub\.example\.org that fails the checks\.$/);

    expect((await callApp(`${t.url}/api/admin/deliverability`)).status).toBe(401);
    expect((await callApp(`${t.url}/api/admin/deliverability`, 'GET', { cookie: cookies.free })).status).toBe(403);
  });

  it('says what is wrong and what to publish: SPF missing or doubled, a DKIM key that does not match, DMARC at p=none', async () => {
    const missing = await check(withTxt(domain, ['google-site-verification=abc123']));
    expect(missing.SPF).toMatchObject({ verdict: 'problem', summary: `No SPF record at ${domain}: receivers cannot tell which servers may send its mail.` });
    expect(missing.SPF.fix).toMatch(/^Add a TXT record at hub\.example\.org: v=spf1 include:/);

    const two = await check(withTxt(domain, ['v=spf1 include:_spf.provider.example ~all', 'v=spf1 ip4:192.0.2.9 -all']));
    expect(two.SPF).toMatchObject({ verdict: 'problem', found: ['v=spf1 include:_spf.provider.example ~all', 'v=spf1 ip4:192.0.2.9 -all'] });
    expect(two.SPF.summary).toMatch(/^2 SPF records at hub\.example\.org: a domain may have only one/);

    const mismatch = await check(withTxt(selectorName, [`v=DKIM1; k=rsa; p=${p(key(1024))}`]));
    expect(mismatch.DKIM).toMatchObject({ verdict: 'problem', lookedUp: selectorName });
    expect(mismatch.DKIM.summary).toMatch(/is not the public key of the private key this site signs with/);
    expect(mismatch.DKIM.fix).toContain(`Replace the record at ${selectorName} with: v=DKIM1; k=rsa; p=${p(signing)}`);

    const monitoring = await check(withTxt(`_dmarc.${domain}`, ['v=DMARC1; p=none']));
    expect(monitoring.DMARC).toMatchObject({ verdict: 'warning' });
    expect(monitoring.DMARC.summary).toMatch(/is p=none: monitoring only/);
    expect(monitoring.DMARC.fix).toMatch(/change p=none to p=quarantine/);
    // The others are untouched by a DMARC change.
    expect([monitoring.SPF.verdict, monitoring.DKIM.verdict]).toEqual(['good', 'good']);

    const noDmarc = await check(withTxt(`_dmarc.${domain}`, []));
    expect(noDmarc.DMARC.fix).toBe(
      `Add a TXT record at _dmarc.${domain}: v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${domain} (rua is an address that receives the daily reports; start with p=none if you want to read them first).`,
    );
  });

  it('tells a failed lookup (SERVFAIL, no answer) from a missing record', async () => {
    const started = Date.now();
    const checks = await check({ ...good, servfail: [`_dmarc.${domain}`], silent: [selectorName] });
    expect(checks.DMARC).toMatchObject({ verdict: 'lookup-failed', summary: `The DNS server could not answer for _dmarc.${domain} (SERVFAIL).` });
    expect(checks.DKIM).toMatchObject({ verdict: 'lookup-failed', summary: `The DNS lookup of ${selectorName} got no answer in time.` });
    expect(checks.DKIM.fix).toMatch(/^This says nothing about the record itself/);
    expect(checks.SPF.verdict).toBe('good');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('checks the mail server of SMTP_URL against SPF when it is on the internet', async () => {
    dns.table = { txt: { [domain]: ['v=spf1 ip4:192.0.2.25 ~all'] }, a: { [`smtp.${domain}`]: ['192.0.2.25'] } };
    const resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([dns.address]);
    const settings = { domain, dkim: undefined, smtpUrl: `smtp://smtp.${domain}:587` };
    const [permitted] = (await checkDeliverability(resolver, settings)).checks;
    expect(permitted).toMatchObject({ verdict: 'good', summary: `One SPF record, and it permits smtp.${domain} (192.0.2.25), the mail server of SMTP_URL.` });

    dns.table = { txt: { [domain]: ['v=spf1 ip4:198.51.100.7 ~all'] }, a: { [`smtp.${domain}`]: ['192.0.2.25'] } };
    const [other] = (await checkDeliverability(resolver, settings)).checks;
    expect(other).toMatchObject({
      verdict: 'warning',
      summary: `One SPF record, but it does not permit 192.0.2.25, the address of smtp.${domain} (SMTP_URL).`,
    });
    expect(other!.fix).toMatch(/^If mail leaves from that server, add ip4:192\.0\.2\.25 before/);
  });
});

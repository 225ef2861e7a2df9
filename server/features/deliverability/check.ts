import { createPublicKey } from 'node:crypto';
import type { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { DeliverabilityReport, DnsCheck } from '#shared/admin/deliverability';
import type { DkimSettings } from '../../env';

/**
 * The sending domain's SPF, DKIM and DMARC records as receivers will read them (decision 044),
 * each said in plain words with what to change. Only DNS is asked: whether a given receiver
 * trusts the mail also depends on its reputation data, which no lookup shows.
 */
export interface CheckSettings {
  /** The domain of MAIL_FROM. */
  domain: string;
  dkim: DkimSettings | undefined;
  /** SMTP_URL: its host is the server SPF should permit, when it is on the internet. */
  smtpUrl: string | undefined;
}

type Lookup = { records: string[] } | { failed: string };

const retryLater =
  'This says nothing about the record itself. Check again in a few minutes; if it keeps failing, ask whoever runs the domain’s DNS (its registrar or DNS host).';

/** A TXT lookup: the records (each record's strings joined), none, or why the lookup itself failed. */
async function txt(resolver: Resolver, name: string): Promise<Lookup> {
  try {
    return { records: (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No such name, or no TXT record at it: the answer is "none", not a failure.
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { records: [] };
    return { failed: lookupFailure(name, code) };
  }
}

function lookupFailure(name: string, code: string | undefined): string {
  if (code === 'ETIMEOUT') return `The DNS lookup of ${name} got no answer in time.`;
  if (code === 'ESERVFAIL') return `The DNS server could not answer for ${name} (SERVFAIL).`;
  if (code === 'EREFUSED') return `The DNS server refused to answer for ${name} (REFUSED).`;
  if (code === 'ECONNREFUSED') return `No DNS server could be reached to look up ${name}.`;
  return `The DNS lookup of ${name} failed (${code ?? 'unknown error'}).`;
}

const failed = (name: DnsCheck['name'], lookedUp: string, lookup: { failed: string }): DnsCheck => ({
  name,
  verdict: 'lookup-failed',
  lookedUp,
  found: [],
  summary: lookup.failed,
  fix: retryLater,
});

/** `k=v; k=v` tags of a DKIM or DMARC record, names in lower case. */
function tags(record: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) map.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return map;
}

/** Loopback, private and link-local ranges: a mail server there is not the address receivers see. */
const privateRanges = new BlockList();
for (const [net, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');

type SendingServer = { kind: 'unset' } | { kind: 'private' | 'public'; host: string; ip: string } | { kind: 'unknown'; host: string };

async function sendingServer(resolver: Resolver, smtpUrl: string | undefined): Promise<SendingServer> {
  if (!smtpUrl) return { kind: 'unset' };
  const host = new URL(smtpUrl).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return { kind: 'private', host, ip: '127.0.0.1' };
  let ip = isIP(host) ? host : undefined;
  if (!ip) ip = (await resolver.resolve4(host).catch(() => [])).at(0) ?? (await resolver.resolve6(host).catch(() => [])).at(0);
  if (!ip) return { kind: 'unknown', host };
  return { kind: privateRanges.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4') ? 'private' : 'public', host, ip };
}

async function checkSpf(resolver: Resolver, { domain, smtpUrl }: CheckSettings): Promise<DnsCheck> {
  const lookup = await txt(resolver, domain);
  if ('failed' in lookup) return failed('SPF', domain, lookup);
  const found = lookup.records.filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  const check = (verdict: DnsCheck['verdict'], summary: string, fix: string | null): DnsCheck => ({
    name: 'SPF',
    verdict,
    lookedUp: domain,
    found,
    summary,
    fix,
  });
  const server = await sendingServer(resolver, smtpUrl);
  const serverTerm = server.kind === 'public' ? `${isIP(server.ip) === 6 ? 'ip6' : 'ip4'}:${server.ip} ` : '';
  if (found.length === 0) {
    return check(
      'problem',
      `No SPF record at ${domain}: receivers cannot tell which servers may send its mail.`,
      `Add a TXT record at ${domain}: v=spf1 ${serverTerm}include:<your mail provider’s SPF domain> ~all (your mail provider tells you what to include).`,
    );
  }
  if (found.length > 1) {
    return check(
      'problem',
      `${found.length} SPF records at ${domain}: a domain may have only one, and receivers treat two as an error and ignore them all.`,
      `Merge them into one TXT record starting with v=spf1, keeping every include: and ip4: of each, and delete the others.`,
    );
  }
  const all = found[0]!
    .trim()
    .split(/\s+/)
    .find((term) => /^[+?~-]?all$/i.test(term));
  if (all && /^\+?all$/i.test(all)) {
    return check(
      'problem',
      `The SPF record ends with ${all}: it lets every server on the internet send mail as ${domain}.`,
      `Change ${all} to ~all (or -all once you are sure every server that sends for you is listed).`,
    );
  }
  if (all?.startsWith('?')) {
    return check(
      'warning',
      `The SPF record ends with ?all: it says nothing about servers it does not list, so it protects nothing.`,
      `Change ?all to ~all (or -all once you are sure every server that sends for you is listed).`,
    );
  }
  if (server.kind === 'unset')
    return check('good', `One SPF record. SMTP_URL is not set (mail is written to files), so no sending server was checked against it.`, null);
  if (server.kind === 'unknown')
    return check('good', `One SPF record. The address of ${server.host} (SMTP_URL) could not be looked up to check it against the record.`, null);
  if (server.kind === 'private') {
    return check(
      'good',
      `One SPF record. The mail server of SMTP_URL (${server.host === server.ip ? server.ip : `${server.host}, ${server.ip}`}) is on a private address: the address your mail leaves from on the internet is not known here; make sure the record covers it.`,
      null,
    );
  }
  // Loaded on first use (decision 037); the file itself, as node's ESM loader does not take a directory.
  const { spf } = await import('mailauth/lib/spf/index.js');
  const result = await spf({
    ip: server.ip,
    sender: `postmaster@${domain}`,
    helo: server.host,
    mta: 'deliverability-check',
    // mailauth asks with node's own answer shapes: the same resolver (and DNS server) as the rest of the check.
    resolver: (name: string, type: string) => resolver.resolve(name, type) as Promise<string[][] | string[]>,
    maxElapsedTime: 10_000,
  });
  const outcome = result.status.result;
  if (outcome === 'pass') return check('good', `One SPF record, and it permits ${server.host} (${server.ip}), the mail server of SMTP_URL.`, null);
  if (outcome === 'temperror') {
    return check(
      'lookup-failed',
      `The SPF record could not be followed to its end: a lookup it needs failed (${result.status.comment ?? 'temporary error'}).`,
      retryLater,
    );
  }
  if (outcome === 'permerror') {
    return check(
      'problem',
      `The SPF record has an error receivers do not forgive (${result.status.comment ?? 'permanent error'}).`,
      `Correct the record at ${domain}; your mail provider’s SPF instructions show the right form.`,
    );
  }
  return check(
    'warning',
    `One SPF record, but it does not permit ${server.ip}, the address of ${server.host} (SMTP_URL).`,
    `If mail leaves from that server, add ${serverTerm.trim()} before the “all” at the end of the record at ${domain}. If your mail provider sends from other servers, the include: it gave you covers them and this can stay.`,
  );
}

/** The public key of the signing key, as a DKIM record's p= gives it (SubjectPublicKeyInfo, base64). */
const publicKeyOf = (privateKey: string) => createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');

/** A p= value as SubjectPublicKeyInfo; records may also give the bare RSA key (PKCS#1). */
function samePublicKey(published: string, expected: string): boolean {
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      const key = createPublicKey({ key: Buffer.from(published, 'base64'), format: 'der', type });
      return key.export({ format: 'der', type: 'spki' }).toString('base64') === expected;
    } catch {
      // Not this encoding: try the next.
    }
  }
  return false;
}

/** Whether DMARC can count a signature for `signing` on mail from `from`: the same domain, or one inside the other (relaxed alignment, roughly). */
const aligned = (signing: string, from: string) => signing === from || from.endsWith(`.${signing}`) || signing.endsWith(`.${from}`);

async function checkDkim(resolver: Resolver, { domain, dkim }: CheckSettings): Promise<DnsCheck> {
  if (!dkim) {
    return {
      name: 'DKIM',
      verdict: 'problem',
      lookedUp: null,
      found: [],
      summary: 'Mail is not signed: DKIM_DOMAIN, DKIM_SELECTOR and a private key are not set. Many receivers, Gmail and Yahoo among them, expect a signature.',
      fix: `Make a 2048-bit RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out dkim.pem), set DKIM_DOMAIN=${domain}, DKIM_SELECTOR (e.g. mail2026) and DKIM_PRIVATE_KEY_FILE, restart, and check again: this page then shows the record to publish.`,
    };
  }
  const name = `${dkim.keySelector}._domainkey.${dkim.domainName}`;
  const expected = publicKeyOf(dkim.privateKey);
  const record = `v=DKIM1; k=rsa; p=${expected}`;
  const lookup = await txt(resolver, name);
  if ('failed' in lookup) return failed('DKIM', name, lookup);
  const found = lookup.records.filter((r) => /^\s*v=DKIM1\s*(;|$)/i.test(r) || tags(r).has('p'));
  const check = (verdict: DnsCheck['verdict'], summary: string, fix: string | null): DnsCheck => ({
    name: 'DKIM',
    verdict,
    lookedUp: name,
    found,
    summary,
    fix,
  });
  if (found.length === 0) {
    return check(
      'problem',
      `No DKIM key at ${name}: receivers cannot check the signature, so it counts for nothing.`,
      `Add a TXT record at ${name}: ${record}`,
    );
  }
  if (found.length > 1) {
    return check(
      'problem',
      `${found.length} DKIM keys at ${name}: receivers may pick either, and fail the signature.`,
      `Keep one TXT record at ${name}: ${record}`,
    );
  }
  const published = (tags(found[0]!).get('p') ?? '').replace(/\s+/g, '');
  if (!published)
    return check(
      'problem',
      `The key at ${name} is empty (p=): it says the key was withdrawn, so every signature fails.`,
      `Replace the record at ${name} with: ${record}`,
    );
  if (!samePublicKey(published, expected)) {
    return check(
      'problem',
      `The key at ${name} is not the public key of the private key this site signs with: every signature fails.`,
      `Replace the record at ${name} with: ${record} (or, to keep that record, sign with its own private key).`,
    );
  }
  if (!aligned(dkim.domainName, domain)) {
    return check(
      'warning',
      `The key at ${name} matches, but mail is signed for ${dkim.domainName} while it is from ${domain}: DMARC only counts a signature for the From address’s own domain.`,
      `Set DKIM_DOMAIN=${domain} and publish the key at ${dkim.keySelector}._domainkey.${domain}.`,
    );
  }
  return check('good', `The key at ${name} matches the private key this site signs every message with.`, null);
}

async function checkDmarc(resolver: Resolver, { domain }: CheckSettings): Promise<DnsCheck> {
  const suggested = `v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${domain}`;
  // A subdomain without a record of its own falls under its parent's (RFC 7489 asks the
  // organisational domain; without the public suffix list we stop at two labels).
  const labels = domain.split('.');
  for (let i = 0; i <= Math.max(0, labels.length - 2); i++) {
    const candidate = labels.slice(i).join('.');
    const name = `_dmarc.${candidate}`;
    const lookup = await txt(resolver, name);
    if ('failed' in lookup) return failed('DMARC', name, lookup);
    const found = lookup.records.filter((r) => /^\s*v=DMARC1\s*(;|$)/i.test(r));
    if (found.length === 0) continue;
    const check = (verdict: DnsCheck['verdict'], summary: string, fix: string | null): DnsCheck => ({
      name: 'DMARC',
      verdict,
      lookedUp: name,
      found,
      summary,
      fix,
    });
    if (found.length > 1) {
      return check(
        'problem',
        `${found.length} DMARC records at ${name}: receivers ignore them all.`,
        `Keep one TXT record at ${name}, for example: ${suggested}`,
      );
    }
    const record = tags(found[0]!);
    const policy = (candidate === domain ? record.get('p') : (record.get('sp') ?? record.get('p')))?.toLowerCase();
    const where = candidate === domain ? name : `${name} (the parent domain’s record, which covers ${domain})`;
    if (policy === 'none') {
      return check(
        'warning',
        `DMARC at ${where} is p=none: monitoring only. Receivers send reports but do nothing to mail that fails the checks, so others can still send as ${domain}.`,
        `Once the reports show your own mail passing, change p=none to p=quarantine in the record at ${name}.`,
      );
    }
    if (policy === 'quarantine' || policy === 'reject') {
      const reports = record.has('rua') ? '' : ' It asks for no reports (rua=), so you will not hear about failures.';
      return check(
        'good',
        `DMARC at ${where} is p=${policy}: receivers ${policy === 'reject' ? 'refuse' : 'put in spam'} mail from ${domain} that fails the checks.${reports}`,
        null,
      );
    }
    return check(
      'problem',
      `The DMARC record at ${name} has no valid policy (p= must be none, quarantine or reject): receivers ignore it.`,
      `Replace it with: ${suggested}`,
    );
  }
  return {
    name: 'DMARC',
    verdict: 'problem',
    lookedUp: `_dmarc.${domain}`,
    found: [],
    summary: `No DMARC record at _dmarc.${domain}: receivers apply no policy of yours, and Gmail and Yahoo ask bulk senders for one.`,
    fix: `Add a TXT record at _dmarc.${domain}: ${suggested} (rua is an address that receives the daily reports; start with p=none if you want to read them first).`,
  };
}

export async function checkDeliverability(resolver: Resolver, settings: CheckSettings): Promise<DeliverabilityReport> {
  const checks = await Promise.all([checkSpf(resolver, settings), checkDkim(resolver, settings), checkDmarc(resolver, settings)]);
  return { domain: settings.domain, checkedAt: new Date().toISOString(), checks };
}

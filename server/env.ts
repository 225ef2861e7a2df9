import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from '#shared/zod';
import { isTimeZone } from '#shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '#shared/site-year';

/**
 * The only reader of process.env. Every setting is checked once at start; a bad value stops
 * the server with a message naming the setting, instead of failing later on a request.
 * The README's configuration table lists the same settings.
 */
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of email addresses')));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: derived from HOST and PORT (see loadEnv). */
  PUBLIC_URL: z
    .url()
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the built client is; only deployments with an unusual layout need it. */
  CLIENT_DIR: z.string().min(1).optional(),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The longest a request may take to arrive, headers and body: a slow or stalled client is dropped. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** A connection silent this long is closed; also bounds a request waiting for its answer (hashing queue), so it is generous. */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(100 * 1024),
  CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an email address').default('hello@nonprofitleadershub.org'),
  MAIL_FROM: z.string().min(3).default('Nonprofit Leaders Hub <hello@nonprofitleadershub.org>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /**
   * DKIM signing of every message (decision 044): the domain (d=), the selector (s=) and the RSA
   * private key, as PEM in the setting itself (line breaks may be written \\n) or in a file.
   * All unset: mail leaves unsigned.
   */
  DKIM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'DKIM_DOMAIN must be a domain name such as example.org')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]([A-Za-z0-9_-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9_-]{0,62}))*$/, 'DKIM_SELECTOR must be letters, digits, - or _ (e.g. mail2026)')
    .optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  /**
   * The DNS server the admin's deliverability check asks (an IP address, with :port if not 53),
   * instead of the system's. Tests point it at their own.
   */
  DELIVERABILITY_DNS_SERVER: z
    .string()
    .trim()
    .refine(isDnsServerAddress, 'DELIVERABILITY_DNS_SERVER must be an IP address, with :port if not 53 (e.g. 127.0.0.1:5353 or [::1]:53)')
    .optional(),
  ANALYTICS_FORWARD_URL: z.url('ANALYTICS_FORWARD_URL must be a URL').optional(),
  ADMIN_EMAILS: emailList.default([]),
  DEMO_MODE: flag.default(false),
  /** DEMO_MODE gives every visitor premium views: in production it needs this second, explicit yes. */
  DEMO_MODE_IN_PRODUCTION: flag.default(false),
  /**
   * For the test suites only (decision 048): the scrypt cost of new password hashes, a power of two
   * below the production 2^17, so the thousands of accounts tests create cost milliseconds each.
   * Refused in a real deployment (production with DATABASE_URL).
   */
  TEST_PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && n <= 65536 && (n & (n - 1)) === 0, 'TEST_PASSWORD_SCRYPT_N must be a power of two from 1024 to 65536')
    .optional(),
  RATE_LIMIT_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_FORMS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Stripe turns on when its secret key is set; without it the local test provider takes payments (docs/payments.md). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .regex(/^price_/, 'STRIPE_PRICE_MONTHLY must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_YEARLY: z
    .string()
    .regex(/^price_/, 'STRIPE_PRICE_YEARLY must be a Stripe price id (price_…)')
    .optional(),
  /** Team plans' per-seat prices (decision 055); without them, team plans are not offered under Stripe. */
  STRIPE_PRICE_TEAM_MONTHLY: z
    .string()
    .regex(/^price_/, 'STRIPE_PRICE_TEAM_MONTHLY must be a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_TEAM_YEARLY: z
    .string()
    .regex(/^price_/, 'STRIPE_PRICE_TEAM_YEARLY must be a Stripe price id (price_…)')
    .optional(),
  /** Another address for Stripe's API (tests point it at their fake Stripe server). */
  STRIPE_API_URL: z.url('STRIPE_API_URL must be a URL').optional(),
  /** Premium-only links: sent to premium sessions by the API and in the premium welcome email, never in the client bundle. */
  SLACK_INVITE_URL: z.url('SLACK_INVITE_URL must be a URL').default('https://join.slack.com/t/nonprofit-leaders-hub/shared_invite/premium-members'),
  /** The site's time zone: where its days and months begin (admin counts, schedules, emails). Instants are stored in UTC. */
  SITE_TIMEZONE: z
    .string()
    .default(DEFAULT_SITE_TIMEZONE)
    .refine(isTimeZone, 'SITE_TIMEZONE must be an IANA time zone such as America/New_York or Europe/London'),
  /**
   * The local provider's test billing clock (POST /api/billing/local/clock, npm run billing:clock):
   * unset means on in development and tests, off in production (npm start); true or false decides.
   */
  BILLING_CLOCK_ENABLED: flag.optional(),
  /** The organisation's postal address, in the footer of every edition (anti-spam laws ask for one). */
  POSTAL_ADDRESS: z.string().trim().min(5).max(300).default('Nonprofit Leaders Hub, 100 Main Street, Suite 200, Springfield, USA'),
  /** Editions go to new signups only after they click the confirmation link (confirmed opt-in). */
  NEWSLETTER_CONFIRMED_OPT_IN: flag.default(true),
  /** The sending rate of editions, messages per second across the site, and the SMTP connections used for it. */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  NEWSLETTER_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Where reports about editions come back (decision 043): each copy's envelope sender is this
   * address with a token after a "+" (bounces+d12-…@example.org), so the mail server receiving it
   * must deliver "+" addresses to this mailbox. Unset: bounces@ the domain of MAIL_FROM.
   */
  BOUNCE_ADDRESS: z.email('BOUNCE_ADDRESS must be an email address').optional(),
  /** The bounce mailbox, read over IMAP every minute (imaps://mail.example.org:993); unset, nothing is read. */
  BOUNCE_IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\/[^/]+\/?$/, 'BOUNCE_IMAP_URL must be imaps://host[:port] or imap://host[:port]')
    .optional(),
  BOUNCE_IMAP_USER: z.string().min(1).optional(),
  BOUNCE_IMAP_PASSWORD: z.string().min(1).optional(),
  BOUNCE_IMAP_MAILBOX: z.string().min(1).max(200).default('INBOX'),
  /** Mailgun's webhook signing key: turns on POST /api/webhooks/mailgun for bounce and complaint events. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'MAILGUN_WEBHOOK_SIGNING_KEY must be the signing key from Mailgun (at least 16 characters)').optional(),
  /** Days after a Check-Up attempt when one email offers a retake (decision 038). */
  CHECKUP_RETAKE_REMINDER_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

/** Stripe's settings come as a set: a secret key without its webhook secret or prices would take money it cannot record. */
const stripeTogether = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const;
const checkedSchema = envSchema.superRefine((env, issue) => {
  for (const key of ['BOUNCE_IMAP_USER', 'BOUNCE_IMAP_PASSWORD'] as const) {
    if (env.BOUNCE_IMAP_URL && !env[key]) issue.addIssue({ code: 'custom', path: [key], message: `${key} is required when BOUNCE_IMAP_URL is set` });
  }
  if (!env.STRIPE_SECRET_KEY) return;
  for (const key of stripeTogether) {
    if (!env[key]) issue.addIssue({ code: 'custom', path: [key], message: `${key} is required when STRIPE_SECRET_KEY is set` });
  }
});

/** An IP address with an optional port, as node's dns Resolver takes it: 127.0.0.1, 127.0.0.1:5353, ::1, [::1]:5353. */
function isDnsServerAddress(value: string): boolean {
  if (isIP(value)) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  if (!match) return false;
  const family = match[1] ? 6 : 4;
  const port = Number(match[3]);
  return isIP(match[1] ?? match[2] ?? '') === family && port >= 1 && port <= 65535;
}

export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM, checked at start to be an RSA key of at least 1024 bits. Never logged. */
  privateKey: string;
}

export type Env = Omit<
  z.infer<typeof envSchema>,
  'PUBLIC_URL' | 'BOUNCE_ADDRESS' | 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY' | 'DKIM_PRIVATE_KEY_FILE' | 'TEST_PASSWORD_SCRYPT_N'
> & {
  /** scrypt's N for new password hashes: the OWASP minimum 2^17, or a test suite's TEST_PASSWORD_SCRYPT_N. */
  PASSWORD_SCRYPT_N: number;
  /** Set when every message is signed (DKIM_DOMAIN, DKIM_SELECTOR and a key); undefined: unsigned. */
  DKIM: DkimSettings | undefined;
  PUBLIC_URL: string;
  /** Set, or bounces@ the domain of MAIL_FROM. */
  BOUNCE_ADDRESS: string;
  /** True when PUBLIC_URL was not set and was derived from HOST and PORT (said in the startup log). */
  PUBLIC_URL_DERIVED: boolean;
  /** Session cookies carry Secure exactly when the public address is https: decided here, once. */
  SECURE_COOKIES: boolean;
};

export class EnvError extends Error {}

/** Parses settings from `source` (process.env by default; tests pass their own). */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = checkedSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = result.data;
  if (settings.DEMO_MODE && settings.NODE_ENV === 'production' && !settings.DEMO_MODE_IN_PRODUCTION) {
    throw new EnvError(
      'Invalid configuration:\n  DEMO_MODE: demo mode gives every visitor premium views and is refused when NODE_ENV is production. ' +
        'Set DEMO_MODE_IN_PRODUCTION=true as well if this really is a public demo.',
    );
  }
  // A real deployment (an external database in production) must say where it is reachable:
  // links in emails built from a guessed address would not work. `npm start` on a fresh machine
  // (embedded database) still starts, on an address derived from HOST and PORT.
  if (!settings.PUBLIC_URL && settings.NODE_ENV === 'production' && settings.DATABASE_URL) {
    throw new EnvError(
      'Invalid configuration:\n  PUBLIC_URL: required in production with DATABASE_URL: the address people reach the site at, e.g. https://example.org',
    );
  }
  if (settings.TEST_PASSWORD_SCRYPT_N && settings.NODE_ENV === 'production' && settings.DATABASE_URL) {
    throw new EnvError(
      'Invalid configuration:\n  TEST_PASSWORD_SCRYPT_N: weak password hashes are for the test suites and are refused in production with DATABASE_URL',
    );
  }
  const dkim = dkimSettings(settings);
  const {
    DKIM_DOMAIN: _domain,
    DKIM_SELECTOR: _selector,
    DKIM_PRIVATE_KEY: _key,
    DKIM_PRIVATE_KEY_FILE: _keyFile,
    TEST_PASSWORD_SCRYPT_N: testScryptN,
    ...rest
  } = settings;
  const host = ['0.0.0.0', '::', ''].includes(settings.HOST) ? 'localhost' : settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  const publicUrl = settings.PUBLIC_URL ?? `http://${host}:${settings.PORT}`;
  const fromDomain = /@([^\s<>@]+?)>?\s*$/.exec(settings.MAIL_FROM)?.[1];
  if (!settings.BOUNCE_ADDRESS && !fromDomain) {
    throw new EnvError('Invalid configuration:\n  BOUNCE_ADDRESS: required when MAIL_FROM has no address with a domain to derive it from');
  }
  return {
    ...rest,
    DKIM: dkim,
    PASSWORD_SCRYPT_N: testScryptN ?? 2 ** 17,
    PUBLIC_URL: publicUrl,
    PUBLIC_URL_DERIVED: !settings.PUBLIC_URL,
    SECURE_COOKIES: publicUrl.startsWith('https://'),
    BOUNCE_ADDRESS: settings.BOUNCE_ADDRESS ?? `bounces@${fromDomain}`,
  };
}

/**
 * The DKIM settings as a set, the key read and parsed now: a key that cannot sign would leave
 * every message unsigned without a word (nodemailer skips a signature it cannot make).
 */
function dkimSettings(settings: z.infer<typeof envSchema>): DkimSettings | undefined {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: inline, DKIM_PRIVATE_KEY_FILE: file } = settings;
  if (!domain && !selector && !inline && !file) return undefined;
  const fail = (setting: string, message: string) => new EnvError(`Invalid configuration:\n  ${setting}: ${message}`);
  if (inline && file) throw fail('DKIM_PRIVATE_KEY', 'set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both');
  if (!domain) throw fail('DKIM_DOMAIN', 'required to sign mail with DKIM (the domain of the signature, usually the domain of MAIL_FROM)');
  if (!selector) throw fail('DKIM_SELECTOR', 'required to sign mail with DKIM (the name of the key in DNS: <selector>._domainkey.' + domain + ')');
  if (!inline && !file) throw fail('DKIM_PRIVATE_KEY', 'required to sign mail with DKIM: the private key as PEM, or DKIM_PRIVATE_KEY_FILE with its path');
  let pem: string;
  if (file) {
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw fail('DKIM_PRIVATE_KEY_FILE', `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  } else {
    // A PEM in one line of an .env file, its line breaks written as \n.
    pem = inline!.replace(/\\n/g, '\n');
  }
  const setting = file ? 'DKIM_PRIVATE_KEY_FILE' : 'DKIM_PRIVATE_KEY';
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw fail(setting, 'is not a private key in PEM format (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw fail(setting, `is an ${key.asymmetricKeyType ?? 'unknown'} key: DKIM signing here needs an RSA key (2048 bits)`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024) throw fail(setting, `is a ${bits}-bit RSA key: receivers ignore DKIM keys under 1024 bits; use 2048`);
  return { domainName: domain, keySelector: selector, privateKey: key.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

import type { BounceKind } from '#shared/newsletter/bounces';

/**
 * Reading one message of the bounce mailbox (decision 043): a delivery status notification
 * (RFC 3464, multipart/report; report-type=delivery-status), an abuse report (RFC 5965,
 * report-type=feedback-report), an automatic reply (RFC 3834, vacation notices: ignored), or
 * anything else (ignored). Only the parts a report is made of are read, with a small MIME reader
 * of our own: mailparser folds the machine-readable parts into the text.
 */
export interface ReportedBounce {
  kind: BounceKind;
  /** The addresses the report names for the copy (Final-Recipient and Original-Recipient, Original-Rcpt-To); may be empty for a complaint. */
  addresses: string[];
  status: string;
  diagnostic: string;
}

export type Reading = { type: 'report'; bounces: ReportedBounce[]; tokenTexts: string[] } | { type: 'ignored'; why: string };

type Headers = Map<string, string[]>;
interface Part {
  headers: Headers;
  body: string;
}

/** Header lines, unfolded, by lower-case name; and the body after the first empty line. */
function splitPart(text: string): Part {
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const body = end ? text.slice(end.index + end[0].length) : '';
  return { headers: fields(head), body };
}

function fields(head: string): Headers {
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}

const first = (headers: Headers, name: string) => headers.get(name)?.[0];

function contentType(headers: Headers): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (first(headers, 'content-type') ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params[param.slice(0, eq).trim().toLowerCase()] = param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function decoded(part: Part): string {
  const encoding = first(part.headers, 'content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      part.body.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return part.body;
}

/** The parts of a multipart body, one level down (a truncated message keeps the parts it has). */
function children(part: Part): Part[] {
  const boundary = contentType(part.headers).params.boundary;
  if (!boundary) return [];
  const pieces = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'));
  return pieces.slice(1).map((piece) => splitPart(piece.replace(/^\r?\n/, '')));
}

/** Every part, depth first (a report inside a forwarded message is still found), at most 50. */
function allParts(root: Part): Part[] {
  const found: Part[] = [];
  const walk = (part: Part, depth: number) => {
    if (found.length >= 50 || depth > 5) return;
    found.push(part);
    for (const child of children(part)) walk(child, depth + 1);
  };
  walk(root, 0);
  return found;
}

/** `rfc822; Someone@Example.org` or `<someone@example.org>` → someone@example.org. */
const address = (value: string | undefined) => {
  if (!value) return undefined;
  const text = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const bare = (/<([^<>]*)>/.exec(text)?.[1] ?? text).trim().toLowerCase();
  return bare.includes('@') ? bare : undefined;
};

/** RFC 3834 and the vendors' older marks of an automatic reply (vacation, out of office). */
function isAutomaticReply(headers: Headers): boolean {
  const submitted = first(headers, 'auto-submitted')?.toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (headers.has('x-autoreply') || headers.has('x-autorespond') || headers.has('x-autoreply-from')) return true;
  if (/^auto[_-]?reply$/i.test(first(headers, 'precedence') ?? '')) return true;
  return /^\s*(auto(matic)?[ -]?(reply|response)|out of (the )?office|vacation|away from)/i.test(first(headers, 'subject') ?? '');
}

/** The quoted message's headers (message/rfc822 or text/rfc822-headers): its Return-Path and Message-ID carry the token. */
function quotedTokenTexts(parts: Part[]): string[] {
  const quoted = parts.find((part) => ['message/rfc822', 'text/rfc822-headers'].includes(contentType(part.headers).type));
  if (!quoted) return [];
  const headers = splitPart(decoded(quoted)).headers;
  return ['return-path', 'message-id'].flatMap((name) => headers.get(name) ?? []);
}

function deliveryStatus(root: Part, parts: Part[]): Reading {
  const status = parts.find((part) => ['message/delivery-status', 'message/global-delivery-status'].includes(contentType(part.headers).type));
  if (!status) return { type: 'ignored', why: 'a delivery report without its message/delivery-status part' };
  const groups = decoded(status)
    .split(/\r?\n[ \t]*\r?\n/)
    .map((group) => fields(group))
    .filter((group) => group.size > 0);
  const bounces: ReportedBounce[] = [];
  // The first group is about the message; each one after it is about one recipient.
  for (const recipient of groups.slice(1)) {
    const action = first(recipient, 'action')?.toLowerCase();
    if (action !== 'failed' && action !== 'delayed') continue;
    const code = /^\s*([245])\.\d{1,3}\.\d{1,3}/.exec(first(recipient, 'status') ?? '');
    // A delay is "not yet"; a failure without a status is taken as final.
    const kind: BounceKind = action === 'delayed' || code?.[1] === '4' ? 'soft' : 'hard';
    bounces.push({
      kind,
      addresses: [
        ...new Set([address(first(recipient, 'final-recipient')), address(first(recipient, 'original-recipient'))].filter((a): a is string => Boolean(a))),
      ],
      status: code?.[0].trim() ?? '',
      diagnostic: (first(recipient, 'diagnostic-code') ?? '').replace(/^[a-z-]+;\s*/i, ''),
    });
  }
  if (bounces.length === 0) return { type: 'ignored', why: 'a delivery report of no failure (delivered, relayed or expanded)' };
  const envelope = ['to', 'delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to'].flatMap((name) => root.headers.get(name) ?? []);
  return { type: 'report', bounces, tokenTexts: [...envelope, ...quotedTokenTexts(parts)] };
}

function feedbackReport(parts: Part[]): Reading {
  const report = parts.find((part) => contentType(part.headers).type === 'message/feedback-report');
  if (!report) return { type: 'ignored', why: 'a feedback report without its message/feedback-report part' };
  const feedback = fields(decoded(report));
  const type = first(feedback, 'feedback-type')?.toLowerCase() ?? '';
  if (type !== 'abuse') return { type: 'ignored', why: `a feedback report of type "${type.slice(0, 40)}", not abuse` };
  const recipients = (feedback.get('original-rcpt-to') ?? []).map(address).filter((a): a is string => Boolean(a));
  return {
    type: 'report',
    bounces: [
      {
        kind: 'complaint',
        addresses: recipients,
        status: '',
        diagnostic: `abuse report${first(feedback, 'user-agent') ? ` (${first(feedback, 'user-agent')})` : ''}`,
      },
    ],
    tokenTexts: [...(feedback.get('original-mail-from') ?? []), ...quotedTokenTexts(parts)],
  };
}

export function readReport(raw: string): Reading {
  const root = splitPart(raw);
  if (root.headers.size === 0) return { type: 'ignored', why: 'not a mail message (no headers)' };
  const parts = allParts(root);
  const report = parts.find((part) => contentType(part.headers).type === 'multipart/report');
  // Checked before the automatic-reply marks: mail servers put Auto-Submitted on their reports too.
  if (report) {
    const kind = contentType(report.headers).params['report-type']?.toLowerCase();
    if (kind === 'delivery-status') return deliveryStatus(root, allParts(report));
    if (kind === 'feedback-report') return feedbackReport(allParts(report));
    return { type: 'ignored', why: `a report of type "${(kind ?? '').slice(0, 40)}"` };
  }
  if (isAutomaticReply(root.headers)) return { type: 'ignored', why: 'an automatic reply (out of office, vacation)' };
  return { type: 'ignored', why: 'neither a delivery report nor a complaint' };
}

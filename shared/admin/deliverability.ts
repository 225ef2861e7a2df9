/**
 * The admin's deliverability check (GET /api/admin/deliverability, decision 044): what the
 * sending domain's DNS says about SPF, DKIM and DMARC, in plain words, with what to change.
 */
export type DnsVerdict =
  /** Receivers will find what they need. */
  | 'good'
  /** Works, but weaker than it should be (DMARC p=none, SPF not listing the mail server). */
  | 'warning'
  /** Missing or wrong: receivers will not trust the mail on this point. */
  | 'problem'
  /** The DNS lookup itself failed (timeout, SERVFAIL): nothing is known about the record. */
  | 'lookup-failed';

export interface DnsCheck {
  name: 'SPF' | 'DKIM' | 'DMARC';
  verdict: DnsVerdict;
  /** The DNS name asked (a TXT record), or null when nothing was asked (DKIM not configured). */
  lookedUp: string | null;
  /** The records found there, as published. */
  found: string[];
  /** What was found, in one or two sentences. */
  summary: string;
  /** What to change, when something should; a TXT record to add says its name and value. */
  fix: string | null;
}

export interface DeliverabilityReport {
  /** The domain of MAIL_FROM: the one receivers check SPF and DMARC against. */
  domain: string;
  checkedAt: string;
  checks: DnsCheck[];
}

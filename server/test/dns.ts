import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

/** What the tests' DNS server knows: TXT and A records by name, and names it fails for. */
export interface DnsTable {
  txt?: Record<string, string[]>;
  a?: Record<string, string[]>;
  /** Answered with SERVFAIL, as a broken authoritative server makes a resolver answer. */
  servfail?: string[];
  /** Never answered: the asker's lookup times out. */
  silent?: string[];
}

const SERVFAIL = 2;
const NXDOMAIN = 3;
const RECURSION = packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE;

/** A TXT record's text in strings of at most 255 bytes, as DNS carries it (a 2048-bit DKIM key is longer). */
const chunks = (text: string) => text.match(/.{1,255}/g) ?? [''];

/**
 * A real DNS server over UDP for the tests (the deliverability check's resolver is pointed at
 * it), answering from `table`, which a test may replace between requests. Names are compared in
 * lower case; a name in no list is NXDOMAIN, a known name without the type asked is an empty answer.
 */
export async function startDnsServer(table: DnsTable = {}, port = 0) {
  const state = { table };
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    const { txt = {}, a = {}, servfail = [], silent = [] } = state.table;
    if (silent.includes(name)) return;
    const answers: packet.Answer[] = [];
    if (question.type === 'TXT') for (const text of txt[name] ?? []) answers.push({ type: 'TXT', name: question.name, ttl: 60, data: chunks(text) });
    if (question.type === 'A') for (const ip of a[name] ?? []) answers.push({ type: 'A', name: question.name, ttl: 60, data: ip });
    const known = name in txt || name in a;
    const rcode = servfail.includes(name) ? SERVFAIL : known ? 0 : NXDOMAIN;
    const response = packet.encode({ type: 'response', id: query.id, flags: RECURSION | rcode, questions: [question], answers: rcode ? [] : answers });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  const address = socket.address() as AddressInfo;
  return {
    /** For DELIVERABILITY_DNS_SERVER. */
    address: `127.0.0.1:${address.port}`,
    set table(next: DnsTable) {
      state.table = next;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

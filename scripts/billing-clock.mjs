// npm run billing:clock -- --advance 31d [--url http://127.0.0.1:3000]
// Moves the local test provider's billing clock forward on a running server and runs the
// membership check at once: renewals, failed-payment retries and ends of cancelled periods
// happen without waiting (docs/payments.md). Only the local provider has this clock, and the
// server accepts the call only from its own machine.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    advance: { type: 'string' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
  },
});
if (!values.advance) {
  console.error('Usage: npm run billing:clock -- --advance 31d   (s, m, h or d; e.g. 90m, 12h, 31d)');
  process.exit(2);
}
try {
  const res = await fetch(`${values.url.replace(/\/+$/, '')}/api/billing/local/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance: values.advance }),
  });
  const body = await res.json().catch(() => ({}));
  if (res.status === 404) {
    console.error('The server has no billing clock: it is off in production builds. Start the server with BILLING_CLOCK_ENABLED=true (or use npm run dev).');
    process.exit(1);
  }
  if (!res.ok) {
    console.error(`The server refused (${res.status}): ${body.message ?? res.statusText}`);
    process.exit(1);
  }
  console.log(`Billing clock is now ${body.now}; the membership check ended ${body.ended} cancelled period(s).`);
} catch (error) {
  console.error(`Could not reach the server at ${values.url}: ${error.message}. Is it running (npm start)?`);
  process.exit(1);
}

// A local SMTP sink in its own process for the newsletter benchmark (as a real mail server would
// be): it accepts everything, counts the copies per subject and recipient, and on request answers
// "421 try later" for a while. An HTTP port reports the counts and takes the requests.
//   node bench/smtp-sink.mjs <smtpPort> <httpPort>
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
/** subject → recipient → copies */
const copies = new Map();
let refuseUntil = 0;
let refused = 0;
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onRcptTo(_address, _session, callback) {
    if (Date.now() < refuseUntil) {
      refused += 1;
      return callback(Object.assign(new Error('Too many messages, try again later'), { responseCode: 421 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
      let bySubject = copies.get(subject);
      if (!bySubject) copies.set(subject, (bySubject = new Map()));
      for (const { address } of session.envelope.rcptTo) bySubject.set(address.toLowerCase(), (bySubject.get(address.toLowerCase()) ?? 0) + 1);
      received += 1;
      callback();
    });
  },
});
// A client that drops a connection (a killed server) is normal here, not a reason to stop.
server.on('error', () => {});
server.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url, 'http://sink');
    if (url.pathname === '/refuse') {
      refuseUntil = Date.now() + Number(url.searchParams.get('ms') ?? 10_000);
      response.end('{}');
      return;
    }
    if (url.pathname === '/count') {
      // For one subject: how many recipients got 1, 2, … copies.
      const bySubject = copies.get(url.searchParams.get('subject') ?? '') ?? new Map();
      const histogram = {};
      for (const count of bySubject.values()) histogram[count] = (histogram[count] ?? 0) + 1;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          recipients: bySubject.size,
          histogram,
          received,
          refused,
          duplicates: [...bySubject.entries()].filter(([, n]) => n > 1).map(([address]) => address),
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1', () => console.log('sink ready'));

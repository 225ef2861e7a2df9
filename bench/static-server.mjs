// The yardstick without a database: node:http answering every GET with the very bytes the app
// answered for the same request (body, Content-Type and Content-Encoding captured from the app
// first), and nothing else. app req/s ÷ this server's req/s is everything the app does per
// request beyond writing those bytes: routing, hooks, security headers, cookies, logging, and
// (for the API) the database.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.env.PORT);
const body = readFileSync(process.env.STATIC_BODY_FILE);
const headers = { 'content-type': process.env.STATIC_CONTENT_TYPE, 'content-length': body.length };
if (process.env.STATIC_CONTENT_ENCODING) headers['content-encoding'] = process.env.STATIC_CONTENT_ENCODING;

const server = http.createServer((request, response) => {
  if (request.method !== 'GET') {
    response.writeHead(405).end();
    return;
  }
  if (request.url === '/readyz') {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 }).end('{}');
    return;
  }
  response.writeHead(200, headers);
  response.end(body);
});
// Fastify's default: neither server may drop idle keep-alive connections sooner than the other.
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

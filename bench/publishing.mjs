// Published means live everywhere at once: two production servers on one PostgreSQL
// database; an admin publishes a page on server A, and server B's kept page is polled every 5 ms
// until it shows the new text. Reports the median and worst time from the publish's answer to
// B's page changing, over 20 publishes, and the page's ETag changing with it. Budget: < 1 s.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { ownDatabase, pickDatabase, redact } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const publishes = 20;
const budgetMs = 1000;

const request = (method, url, body, cookie) =>
  new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            text,
            etag: response.headers.etag,
            cookie: (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runPublishing() {
  console.log('\n== Publishing: a page published on server A, shown by server B ==');
  const database = await pickDatabase();
  if (database.kind !== 'postgres') {
    console.warn(`Not measured: ${database.reason}`);
    return { figures: {}, checks: [{ budget: 'Publish shown on another server < 1 s', measured: 'not measured: no PostgreSQL', status: 'N/A' }] };
  }
  const own = await ownDatabase(database.url, 'bench_publishing');
  const databaseUrl = own.url;
  console.log(`PostgreSQL: ${redact(databaseUrl)}; two servers`);
  const servers = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const env = {
        ...benchServerEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        CLIENT_DIR: clientDir,
      };
      // One after the other: the first migrates and seeds.
      servers.push(await startProcess({ script: serverEntry, env, readyPath: '/readyz' }));
    }
    const [a, b] = servers;
    await db.connect();
    const registered = await request('POST', `${a.origin}/api/register`, {
      email: 'bench-admin@bench.example',
      password: 'correct-horse',
      firstName: 'Bench',
      lastName: 'Admin',
    });
    await db.query(`update users set is_admin = true where email = 'bench-admin@bench.example'`);
    const cookie = registered.cookie;
    const { rows } = await db.query(`select id from content_items where section = 'pages' and slug = 'start-here'`);
    const id = rows[0].id;
    const page = `${b.origin}/start-here`;
    const times = [];
    let etagChanged = 0;
    for (let round = 1; round <= publishes; round += 1) {
      const before = await request('GET', page);
      const item = JSON.parse((await request('GET', `${a.origin}/api/admin/content/${id}`, undefined, cookie)).text);
      const marker = `Published in round ${round} at ${Date.now()}.`;
      const saved = await request(
        'PUT',
        `${a.origin}/api/admin/content/${id}`,
        { title: item.title, summary: item.summary, body: `${marker}\n\n${item.body}`, fields: item.fields, version: item.version },
        cookie,
      );
      if (saved.status !== 200) throw new Error(`save: ${saved.status} ${saved.text}`);
      const version = JSON.parse(saved.text).version;
      const published = await request('POST', `${a.origin}/api/admin/content/${id}/publish`, { version }, cookie);
      if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text}`);
      const answered = performance.now();
      for (;;) {
        const seen = await request('GET', page);
        if (seen.text.includes(marker)) {
          times.push(performance.now() - answered);
          if (seen.etag !== before.etag) etagChanged += 1;
          break;
        }
        if (performance.now() - answered > 10_000) throw new Error(`round ${round}: server B did not show the publish within 10 s`);
        await sleep(5);
      }
    }
    const figures = { publishes, medianMs: Math.round(median(times) * 10) / 10, worstMs: Math.round(Math.max(...times) * 10) / 10, etagChanged };
    printTable(
      ['publishes', 'median ms to B', 'worst ms to B', 'ETag changed'],
      [[publishes, figures.medianMs, figures.worstMs, `${etagChanged}/${publishes}`]],
    );
    const pass = figures.worstMs < budgetMs && etagChanged === publishes;
    return {
      figures: { publishing: figures },
      checks: [
        {
          budget: 'Publish on server A shown by server B’s kept page < 1 s, new ETag',
          measured: `median ${figures.medianMs} ms, worst ${figures.worstMs} ms over ${publishes} publishes; ETag changed ${etagChanged}/${publishes}`,
          status: pass ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    for (const server of servers) await server.stop();
    await db.end().catch(() => {});
    await own.drop();
  }
}

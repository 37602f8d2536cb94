// `npm run bench`: req/s and p99 of GetAllState, Userlogin and me on PostgreSQL and on PGlite, each next to a
// bare Fastify route answering the same bytes. Rate limits are off in the bench server (they would cap login).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgres, print, run, startChild } from './lib';

const PASSWORD = 'Bench-password-1';
const login = JSON.stringify({ MobileNoOrEmail: '9000000002', Password: PASSWORD });

async function bench(label: string, env: Record<string, string>) {
  const app = await startChild('bench/app-child.ts', { ...env, DEMO_PASSWORD: PASSWORD });
  const base = `http://127.0.0.1:${app.port}`;
  try {
    const states = await (await fetch(`${base}/api/GetAllState`)).text();
    const loginReply = await (
      await fetch(`${base}/api/Userlogin`, {
        method: 'POST',
        body: login,
        headers: { 'content-type': 'application/json' },
      })
    ).text();
    const token = JSON.parse(loginReply).data.Token as string;
    const me = await (await fetch(`${base}/api/Auth/Me`, { headers: { authorization: `Bearer ${token}` } })).text();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'routes.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { method: 'GET', path: '/states', body: states },
        { method: 'POST', path: '/login', body: loginReply },
        { method: 'GET', path: '/me', body: me },
      ]),
    );
    const bare = await startChild('bench/bare-child.ts', { BARE_ROUTES: file });
    const b = `http://127.0.0.1:${bare.port}`;
    try {
      const rows = [
        {
          app: await run('GET GetAllState', { url: `${base}/api/GetAllState` }),
          bare: await run('bare', { url: `${b}/states` }),
        },
        {
          app: await run('POST Userlogin', { url: `${base}/api/Userlogin`, method: 'POST', body: login }),
          bare: await run('bare', { url: `${b}/login`, method: 'POST', body: login }),
        },
        {
          app: await run('GET me', { url: `${base}/api/Auth/Me`, headers: { authorization: `Bearer ${token}` } }),
          bare: await run('bare', { url: `${b}/me` }),
        },
      ];
      print(`${label} (${os.cpus().length} cores, 10 connections, ${process.env.BENCH_SECONDS ?? 8} s each)`, rows);
    } finally {
      bare.child.kill();
    }
  } finally {
    app.child.kill();
  }
}

const pgdb = await freshPostgres();
if (pgdb) {
  try {
    await bench('PostgreSQL', { DATABASE_URL: pgdb.url });
  } finally {
    await pgdb.drop();
  }
} else {
  console.log('PostgreSQL: no server at 127.0.0.1:5432, skipped');
}
await bench('PGlite (embedded)', { DATABASE_URL: '' });

// The server as a real process: one writer per DATA_DIR (a second start
// is refused with one line and exit code 1; the lock of a SIGKILLed process is
// taken over), slow-body uploads are cut, and SIGTERM drains: idle keep-alive
// sockets close at once, the in-flight request gets its answer, exit code 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Ports of this file: 14350..14359.
const BASE_PORT = 14350;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-proc-'));
  dirs.push(dir);
  return dir;
}

interface Server {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts `src/server/main.ts` in its own process. */
function start(port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', AUTH_SECRET: 'process-test-secret-0123456789abcdef-xyz', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, stderr: () => err, exited };
}

async function ready(port: number, server: Server, timeoutMs = 40_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server on ${port} not ready: ${server.stderr()}`);
}

describe('the server process', () => {
  it('refuses a second process on the same DATA_DIR and takes over the lock of a killed one', async () => {
    const dataDir = tempDir();
    const first = start(BASE_PORT, { DATA_DIR: dataDir });
    await ready(BASE_PORT, first);

    const second = start(BASE_PORT + 1, { DATA_DIR: dataDir });
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toEqual([`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`]);
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${BASE_PORT}/api/ready`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = start(BASE_PORT + 2, { DATA_DIR: dataDir });
    await ready(BASE_PORT + 2, third);
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
  }, 120_000);

  it('cuts a slow-body upload after the request timeout', async () => {
    const port = BASE_PORT + 3;
    const server = start(port, { DATA_DIR: 'memory://', REQUEST_TIMEOUT_MS: '1000' });
    await ready(port, server);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const started = Date.now();
    socket.write('POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    // One byte every 200 ms: never idle, never done.
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', () => {});
    await new Promise((r) => socket.once('close', r));
    clearInterval(drip);
    const took = Date.now() - started;
    expect(took).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    console.info(`server-process: slow body cut after ${took} ms (REQUEST_TIMEOUT_MS=1000)`);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 60_000);

  it('drains on SIGTERM: idle keep-alive sockets close at once, the in-flight request is answered, exit 0', async () => {
    const port = BASE_PORT + 4;
    const server = start(port, { DATA_DIR: 'memory://' });
    await ready(port, server);

    // Three idle keep-alive clients.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
    const idle = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(req.socket!));
            });
            req.on('error', reject);
          }),
      ),
    );
    const idleClosed = idle.map((s) => new Promise<number>((r) => (s.destroyed ? r(Date.now()) : s.once('close', () => r(Date.now())))));

    // The in-flight request: its body arrives in two halves, SIGTERM in between.
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not-the-password' });
    const inflight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += String(d)));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 300));
    const sigterm = Date.now();
    server.child.kill('SIGTERM');

    const closedAt = await Promise.all(idleClosed);
    for (const at of closedAt) expect(at - sigterm).toBeLessThan(1000);
    // New connections are refused while draining.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    const answer = await inflight;
    expect(answer.status, answer.body).toBe(401);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - sigterm).toBeLessThan(10_000);
    agent.destroy();
    console.info(
      `server-process: SIGTERM → idle sockets closed after ${Math.max(...closedAt) - sigterm} ms, in-flight answered ${answer.status}, exit ${exit.code} after ${exit.at - sigterm} ms`,
    );
  }, 60_000);
});

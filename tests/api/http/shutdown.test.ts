// A request that reached the server before its listener
// closed (SIGTERM) is answered, not cut, and its answer says `Connection: close`.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { shutdown } from '../../../src/server/http/shutdown.js';
import { buildTestApp, signUp } from '../harness.js';

describe('requests in flight at shutdown', () => {
  it('are answered with Connection: close', async () => {
    const { app, database } = await buildTestApp(undefined, { SHUTDOWN_TIMEOUT_MS: '5000' });
    try {
      const p = await signUp(app, 'Inf Light');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const body = JSON.stringify({ email: p.email });
      // Three keep-alive requests whose bodies are still arriving when shutdown starts.
      const answers = await Promise.all(
        [0, 1, 2].map(async () => {
          const socket = net.connect(port, '127.0.0.1');
          await new Promise((r) => socket.once('connect', r));
          let text = '';
          socket.on('data', (d) => (text += String(d)));
          const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
          socket.write(
            `POST /api/jwt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nCookie: ${p.cookie}\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
          );
          return { socket, ended };
        }),
      );
      await new Promise((r) => setTimeout(r, 200));
      const closing = shutdown(app, 5_000);
      await new Promise((r) => setTimeout(r, 50));
      for (const a of answers) a.socket.write(body.slice(3));
      const texts = await Promise.all(answers.map((a) => a.ended));
      expect(await closing).toBe(0);
      for (const t of texts) {
        expect(t).toMatch(/^HTTP\/1\.1 200 /);
        expect(t.toLowerCase()).toContain('connection: close');
      }
    } finally {
      await database.close();
    }
  }, 60_000);
});

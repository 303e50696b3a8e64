// Session sync (SPEC.md §4/§7 `POST /jwt`, `GET /logout`), identity cookies, health and the SPA fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, signUp, signUpWith, startApp, type TestApp } from '../harness.js';

describe.each(BACKENDS)('session and service routes on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  it('sets an HTTP-only SameSite=Lax session cookie at sign-up, and get-session returns the profile', async () => {
    const res = await signUpWith(t.app, { name: 'Nia Neighbour', email: 'Nia@Example.org', password: 'secret-pass', image: 'https://img.example.org/n.png' });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('better-auth.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(me.json().user).toMatchObject({ name: 'Nia Neighbour', email: 'nia@example.org', image: 'https://img.example.org/n.png' });
  });

  it('POST /jwt confirms only the email of the session', async () => {
    const user = await signUp(t.app, 'Jo Jwt');
    const ok = await call(t.app, 'POST', '/api/jwt', user, { email: user.email.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect((await call(t.app, 'POST', '/api/jwt', user, { email: 'someone@else.org' })).statusCode).toBe(401);
    const anon = await call(t.app, 'POST', '/api/jwt', null, { email: user.email });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['set-cookie']).toBeUndefined();
  });

  it('GET /logout ends the session: a replayed cookie can no longer write', async () => {
    const user = await signUp(t.app, 'Lou Logout');
    const res = await call(t.app, 'GET', '/api/logout', user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/better-auth\.session_token=;/);
    const replay = await call(t.app, 'POST', '/api/jwt', user, { email: user.email });
    expect(replay.statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/logout')).json()).toEqual({ success: true });
  });

  it('answers health, readiness, the OpenAPI document and problem 404s for unknown API paths', async () => {
    expect((await call(t.app, 'GET', '/api/health')).json()).toEqual({ status: 'ok' });
    expect((await call(t.app, 'GET', '/api/ready')).json()).toEqual({ status: 'ready' });
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/foods', '/api/foods/{id}', '/api/requests', '/api/jwt']));
    // Made at the first request (http/docs.ts): the reference page and its copy of the document.
    const page = await call(t.app, 'GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-initializer.js');
    expect((await call(t.app, 'GET', '/api/docs/json')).json()).toEqual(doc);
    const missing = await call(t.app, 'GET', '/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it('sends security headers', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

// Demo data (README "Set up"): an empty database gets three verified demo donors who sign in
// with the documented password, and their listings; a second run adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/seed/demo.js';
import { DEMO_DONORS, DEMO_LISTINGS } from '../../src/server/seed/listings.js';
import { BACKENDS, call, startApp, type TestApp } from './harness.js';

describe.each(BACKENDS)('demo data on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  it('creates verified donors who sign in with their password, and the listings, once', async () => {
    expect(await seedDemoData(t.app.db, t.app.auth, 'http://localhost:3000')).toBe(DEMO_LISTINGS.length);
    expect(await seedDemoData(t.app.db, t.app.auth, 'http://localhost:3000')).toBe(0);
    for (const donor of DEMO_DONORS) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: donor.email, password: donor.password } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ email: donor.email, name: donor.name, emailVerified: true });
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: donor.email, password: 'wrong-password-1' } })).statusCode).toBe(401);
    }
    const listed = (await call(t.app, 'GET', '/api/foods?sortByDate=dec')).json();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((f: { Donator: { Name: string } }) => DEMO_DONORS.some((d) => d.name === f.Donator.Name))).toBe(true);
  });
});

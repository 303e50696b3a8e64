// Google sign-in taking over a never-verified account: whoever registered
// the owner's address first leaves nothing of theirs in the owner's account. The
// profile becomes Google's name and picture, email preferences go back to the
// defaults, and the earlier listings and requests are held (hidden from everyone
// else) until the owner keeps or deletes them. A real OpenID provider stands in for Google.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenIdProvider, type OpenIdProvider } from '../../support/oidc-provider.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_URL, getSession, googleAccount, googleSignIn, type CookieJar } from './google-flow.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('Google takeover of a never-verified account on %s', (backend) => {
  let op: OpenIdProvider;
  let t: TestApp;
  let donor: Person;
  let donorFood: string;
  beforeAll(async () => {
    op = await startOpenIdProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: `${PUBLIC_URL}/api/auth/callback/google` });
    t = await startApp(backend, { PUBLIC_URL, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_DISCOVERY_URL: op.discoveryUrl });
    donor = await signUp(t.app, 'Dora Donor');
    donorFood = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Honest Bread' }))).json().insertedId;
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  /** The attacker registers the owner's address, shapes the account, lists food and requests some. */
  async function preHijack(name: string) {
    const attacker = await signUp(t.app, name);
    expect((await call(t.app, 'PUT', '/api/email-preferences', attacker, { NewRequests: false, RequestUpdates: false, Messages: false })).statusCode).toBe(200);
    const listed = await call(t.app, 'POST', '/api/foods', attacker, foodBody({ FoodName: `Bait Cake ${name}` }));
    expect(listed.statusCode).toBe(201);
    const asked = await call(t.app, 'POST', '/api/requests', attacker, { FoodId: donorFood, AdditionalNotes: 'call me', DonationMoney: '' });
    expect(asked.statusCode).toBe(201);
    return { attacker, foodId: listed.json().insertedId as string, requestId: asked.json().insertedId as string };
  }

  /** The owner signs in with Google under the attacker's address. */
  async function ownerSignsIn(email: string, name: string): Promise<{ jar: CookieJar; owner: Person; picture: string }> {
    const account = googleAccount({ email, name });
    op.next = account;
    const { landing, jar } = await googleSignIn(t);
    expect(landing.searchParams.get('error')).toBeNull();
    return { jar, owner: { name, email, image: account.picture, cookie: jar.header(PUBLIC_URL) }, picture: account.picture };
  }

  const publicNames = async () => ((await call(t.app, 'GET', '/api/foods?sortByDate=dec')).json() as { FoodName: string }[]).map((f) => f.FoodName);
  const donorSees = async () => ((await call(t.app, 'GET', `/api/requests/${donorFood}`, donor)).json() as { _id: string }[]).map((r) => r._id);

  it('resets the profile and preferences, and holds the listings and requests until the owner keeps them', async () => {
    const { attacker, foodId, requestId } = await preHijack('Mallory Early');
    expect(await publicNames()).toContain('Bait Cake Mallory Early');
    expect(await donorSees()).toContain(requestId);

    const { jar, owner, picture } = await ownerSignsIn(attacker.email, 'Victor Victim');
    const session = (await getSession(t, jar)).json();
    expect(session.user).toMatchObject({ email: attacker.email, name: 'Victor Victim', image: picture, emailVerified: true });
    expect((await call(t.app, 'GET', '/api/email-preferences', owner)).json()).toEqual({ NewRequests: true, RequestUpdates: true, Messages: true });

    // Held: nobody else sees the listing or the request.
    expect(await publicNames()).not.toContain('Bait Cake Mallory Early');
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, donor)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/requests', donor, { FoodId: foodId })).statusCode).toBe(404);
    expect(await donorSees()).not.toContain(requestId);

    // The owner is shown them for review.
    const held = await call(t.app, 'GET', '/api/account/held', owner);
    expect(held.statusCode).toBe(200);
    expect(held.json().Foods.map((f: { _id: string }) => f._id)).toEqual([foodId]);
    expect(held.json().Requests.map((r: { _id: string }) => r._id)).toEqual([requestId]);

    // Keeping them makes them public again under the owner's name.
    const kept = await call(t.app, 'POST', '/api/account/held/keep', owner);
    expect(kept.json()).toEqual({ acknowledged: true, matchedCount: 2, modifiedCount: 2 });
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).json().Donator).toMatchObject({ Name: 'Victor Victim', Image: picture });
    expect(await donorSees()).toContain(requestId);
    expect((await call(t.app, 'GET', '/api/account/held', owner)).json()).toEqual({ Foods: [], Requests: [] });
  });

  it('deletes the held listings and requests when the owner says so', async () => {
    const { attacker, foodId, requestId } = await preHijack('Mona Mask');
    const { owner } = await ownerSignsIn(attacker.email, 'Wanda Winner');
    const gone = await call(t.app, 'DELETE', '/api/account/held', owner);
    expect(gone.json()).toEqual({ acknowledged: true, deletedCount: 2 });
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, owner)).statusCode).toBe(404);
    expect(await donorSees()).not.toContain(requestId);
    expect(await publicNames()).not.toContain('Bait Cake Mona Mask');
  });
});

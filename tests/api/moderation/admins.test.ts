// Moderators named by ADMIN_EMAILS: an address anyone can type in at sign-up makes a
// moderator only once it is proven (here the mailed verification link); until then the
// account gets the 404 of every moderation route. A moderator whose own address is not
// verified can do nothing. Moderators made by MakeModerator cannot ban, demote or hide
// the content of an ADMIN_EMAILS moderator, who can demote them; grants and
// revocations are in the moderation log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { recipient, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, signInAgain, type InboxApp, type Person } from '../harness.js';
import { expectNoModeration, listing, MODERATOR_EMAIL, person, request, SAFETY_ENV, signUpAs } from './support.js';

type Who = Person & { id: string };

describe.each(BACKENDS)('moderators named by ADMIN_EMAILS on %s', (backend) => {
  let t: InboxApp;
  let admin: Who;

  beforeAll(async () => {
    t = await appWithInbox(backend, SAFETY_ENV);
  });
  afterAll(() => t?.close());

  const act = (who: Person, body: Record<string, unknown>) => call(t.app, 'POST', '/api/moderation/actions', who, body);
  const role = async (who: Person) => (await call(t.app, 'GET', '/api/auth/get-session', who)).json().user.role;
  const log = async (who: Person) => (await call(t.app, 'GET', '/api/moderation/log', who)).json() as { Action: string; TargetId: string; Actor: { _id: string } | null }[];

  /** Every moderation route answers `who` the 404 of an unknown path; the listing stays shown. */
  async function expectNoModerator(who: Person, foodId: string) {
    await expectNoModeration(t.app, who, foodId);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(200);
  }

  it('keeps an unverified ADMIN_EMAILS sign-up a plain user, and makes it a moderator as soon as the mailed link is opened', async () => {
    const victim = await person(t.app, 'Vic Victim', true);
    const foodId = await listing(t.app, victim, 'Reported Rolls');
    expect((await call(t.app, 'POST', '/api/reports', await person(t.app, 'Rae', true), { TargetType: 'food', TargetId: foodId, Reason: 'Spam' })).statusCode).toBe(201);

    admin = await signUpAs(t.app, 'Ada Admin', MODERATOR_EMAIL);
    expect(await role(admin)).toBe('user');
    await expectNoModerator(admin, foodId);
    // Signing in again changes nothing while the address is unproven.
    await expectNoModerator(await signInAgain(t.app, admin), foodId);

    const mail = await waitForMail(t.inbox, (m) => recipient(m) === MODERATOR_EMAIL && /Verify/.test(m.subject ?? ''));
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text ?? '')![0]);
    expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBeLessThan(400);

    // The session already open is a moderator's now.
    expect(await role(admin)).toBe('moderator');
    const queue = await call(t.app, 'GET', '/api/moderation/reports', admin);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().some((g: { TargetId: string }) => g.TargetId === foodId)).toBe(true);
    expect((await log(admin))[0]).toMatchObject({ Action: 'MakeModerator', TargetId: admin.id, Actor: null });
  });

  it('lets a moderator whose own address is unverified do nothing', async () => {
    const unproven = await person(t.app, 'Una Unproven', false);
    await t.app.db.update(users).set({ role: 'moderator' }).where(eq(users.id, unproven.id));
    await expectNoModerator(unproven, await listing(t.app, await person(t.app, 'Dot', true), 'Plain Plums'));
    expect((await act(admin, { Action: 'MakeModerator', TargetType: 'user', TargetId: (await person(t.app, 'Newt', false)).id, Reason: 'x' })).statusCode).toBe(409);
  });

  it('keeps moderators made by MakeModerator from banning, demoting or hiding an ADMIN_EMAILS moderator, who can demote them', async () => {
    const helper = await person(t.app, 'Hal Helper', true);
    expect((await act(admin, { Action: 'MakeModerator', TargetType: 'user', TargetId: helper.id, Reason: 'Trusted local' })).json().modifiedCount).toBe(1);
    expect((await call(t.app, 'GET', '/api/moderation/reports', helper)).statusCode).toBe(200);

    const adminFood = await listing(t.app, admin, 'Admin Apples');
    const neighbour = await person(t.app, 'Ned Neighbour', true);
    const requestId = await request(t.app, neighbour, adminFood);
    const message = (await call(t.app, 'POST', `/api/requests/${requestId}/messages`, admin, { Body: 'Come at 6' })).json().insertedId;
    for (const body of [
      { Action: 'Ban', TargetType: 'user', TargetId: admin.id, Reason: 'Takeover', Days: 30 },
      { Action: 'Ban', TargetType: 'user', TargetId: admin.id, Reason: 'Takeover' },
      { Action: 'Demote', TargetType: 'user', TargetId: admin.id, Reason: 'Takeover' },
      { Action: 'Hide', TargetType: 'food', TargetId: adminFood, Reason: 'Takeover' },
      { Action: 'Hide', TargetType: 'message', TargetId: message, Reason: 'Takeover' },
    ]) {
      const res = await act(helper, body);
      expect(res.statusCode, `${body.Action} ${body.TargetType}`).toBe(403);
      expect(res.json().detail).toBe('Only a moderator named by ADMIN_EMAILS can act against another one.');
    }
    // Nothing changed: the admin is a moderator, signed in, their listing shown.
    expect(await role(admin)).toBe('moderator');
    expect((await call(t.app, 'GET', `/api/foods/${adminFood}`, neighbour)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/requests/${requestId}/messages`, neighbour)).json()[0].Body).toBe('Come at 6');
    // The helper still moderates everyone else.
    expect((await act(helper, { Action: 'Hide', TargetType: 'food', TargetId: await listing(t.app, neighbour, 'Spam Spam'), Reason: 'Spam' })).statusCode).toBe(200);

    // The admin takes the role back; the helper is a plain user again at once.
    expect((await act(admin, { Action: 'Demote', TargetType: 'user', TargetId: admin.id, Reason: 'x' })).statusCode).toBe(400);
    expect((await act(admin, { Action: 'Demote', TargetType: 'user', TargetId: helper.id, Reason: 'Abused the role' })).json().modifiedCount).toBe(1);
    expect((await call(t.app, 'GET', '/api/moderation/reports', helper)).statusCode).toBe(404);
    expect(await role(helper)).toBe('user');
    const entries = (await log(admin)).filter((e) => e.TargetId === helper.id).map((e) => [e.Action, e.Actor?._id]);
    expect(entries).toEqual([
      ['Demote', admin.id],
      ['MakeModerator', admin.id],
    ]);
  });
});

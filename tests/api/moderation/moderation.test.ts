// Reports and moderation: the access matrix of every new endpoint
// (anonymous, user, the target, moderator), one open report per reporter and
// target, the snapshot, auto-hide at 3 distinct verified reporters (not 2, not 3
// unverified), hide/restore with the owner told, and the audit log; bans: bans.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithInbox, BACKENDS, call, foodBody, type InboxApp, type Person } from '../harness.js';
import { expectNoModeration, listing, person, publicNames, request, SAFETY_ENV, signUpModerator } from './support.js';

type Who = Person & { id: string };

const notices = async (app: FastifyInstance, who: Person) =>
  ((await call(app, 'GET', '/api/notifications', who)).json() as { Type: string; Title: string; Body: string }[]).filter((n) => n.Type === 'moderation.notice');

describe.each(BACKENDS)('reports and moderation on %s', (backend) => {
  let t: InboxApp;
  let mod: Who;
  let donor: Who;
  let user: Who;

  beforeAll(async () => {
    t = await appWithInbox(backend, SAFETY_ENV);
    mod = await signUpModerator(t.app, 'Mo Moderator');
    donor = await person(t.app, 'Dana Donor', true);
    user = await person(t.app, 'Uma User', true);
  });
  afterAll(() => t.close());

  const act = (who: Person | null, body: Record<string, unknown>) => call(t.app, 'POST', '/api/moderation/actions', who, body);
  const report = (who: Person | null, body: Record<string, unknown>) => call(t.app, 'POST', '/api/reports', who, body);

  it('makes ADMIN_EMAILS accounts moderators (any case) and nobody else', async () => {
    const session = (await call(t.app, 'GET', '/api/auth/get-session', mod)).json();
    expect(session.user.role).toBe('moderator');
    expect((await call(t.app, 'GET', '/api/auth/get-session', user)).json().user.role).toBe('user');
  });

  it('answers /api/moderation/* 404 to everyone but moderators, bad bodies included; the admin plugin endpoints are closed', async () => {
    const foodId = await listing(t.app, donor, 'Matrix Melons');
    expect((await report(user, { TargetType: 'food', TargetId: foodId, Reason: 'Spam' })).statusCode).toBe(201);
    const target = donor;
    for (const who of [null, user, target]) await expectNoModeration(t.app, who, foodId);
    expect((await call(t.app, 'GET', '/api/moderation/reports', mod)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/moderation/log', mod)).statusCode).toBe(200);
    expect((await act(mod, { nonsense: true })).statusCode).toBe(400);
    for (const who of [mod, user]) {
      const res = await call(t.app, 'POST', '/api/auth/admin/ban-user', who, { userId: donor.id });
      expect(res.statusCode).toBe(404);
      expect((await call(t.app, 'GET', '/api/auth/admin/list-users', who)).statusCode).toBe(404);
    }
    // The target's food is still shown: nothing above changed it.
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(200);
  });

  it('files reports: signed in only, reasons checked, Details for Other, not one\'s own, one open per reporter and target', async () => {
    const foodId = await listing(t.app, donor, 'Report Radishes');
    const body = { TargetType: 'food', TargetId: foodId, Reason: 'Selling' };
    expect((await report(null, body)).statusCode).toBe(401);
    expect((await report(user, { ...body, Reason: 'Boring' })).statusCode).toBe(400);
    const other = await report(user, { ...body, Reason: 'Other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: 'Details', message: 'is required when the reason is Other', code: 'custom' }]);
    expect((await report(user, { ...body, Reason: 'Other', Details: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report(donor, body)).statusCode).toBe(409);
    expect((await report(user, { ...body, Reason: 'Other', Details: 'Asks for money on the phone.' })).statusCode).toBe(201);
    const again = await report(user, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already reported this. A moderator will look at it.');
    expect((await report(user, { TargetType: 'food', TargetId: '00000000-0000-4000-8000-000000000000', Reason: 'Spam' })).statusCode).toBe(404);
    expect((await report(user, { TargetType: 'user', TargetId: 'nobody', Reason: 'Spam' })).statusCode).toBe(404);
    expect((await report(user, { TargetType: 'user', TargetId: user.id, Reason: 'Spam' })).statusCode).toBe(409);
    expect((await report(user, { TargetType: 'user', TargetId: donor.id, Reason: 'NoShow' })).statusCode).toBe(201);
    // A moderator's dismissal closes the reports: the same reporter may report again.
    expect((await act(mod, { Action: 'Dismiss', TargetType: 'food', TargetId: foodId, Reason: 'Checked: fine.' })).json()).toMatchObject({ modifiedCount: 1 });
    expect((await report(user, body)).statusCode).toBe(201);
  });

  it('keeps the content as reported, names no reporter, and groups open reports by target', async () => {
    const foodId = await listing(t.app, donor, 'Snapshot Soup');
    const a = await person(t.app, 'Ann', true);
    const b = await person(t.app, 'Ben', true);
    await report(a, { TargetType: 'food', TargetId: foodId, Reason: 'UnsafeFood' });
    await report(b, { TargetType: 'food', TargetId: foodId, Reason: 'Spam', Details: 'Posted ten times' });
    expect((await call(t.app, 'PUT', `/api/foods/${foodId}`, donor, foodBody({ FoodName: 'Innocent Soup' }))).statusCode).toBe(200);
    const queue = (await call(t.app, 'GET', '/api/moderation/reports', mod)).json() as Array<Record<string, unknown> & { TargetId: string; Reports: { Snapshot: { FoodName: string } }[] }>;
    const group = queue.find((g) => g.TargetId === foodId)!;
    expect(group).toMatchObject({ TargetType: 'food', Count: 2, Reasons: ['UnsafeFood', 'Spam'], Hidden: false, TargetUser: { _id: donor.id, Name: 'Dana Donor' } });
    expect(group.Reports.map((r) => r.Snapshot.FoodName)).toEqual(['Snapshot Soup', 'Snapshot Soup']);
    expect(JSON.stringify(group)).not.toContain(a.id);
    expect(JSON.stringify(group)).not.toContain(a.email);
  });

  it('hides a listing at 3 distinct verified reporters, not at 2, nor at 3 unverified; the donor is told', async () => {
    const foodId = await listing(t.app, donor, 'Suspicious Sushi');
    const shown = async () => (await publicNames(t.app, null, 'Suspicious')).every((names) => names.includes('Suspicious Sushi'));
    for (const name of ['U1', 'U2', 'U3']) {
      expect((await report(await person(t.app, name, false), { TargetType: 'food', TargetId: foodId, Reason: 'Spam' })).statusCode).toBe(201);
    }
    for (const name of ['V1', 'V2']) await report(await person(t.app, name, true), { TargetType: 'food', TargetId: foodId, Reason: 'Spam' });
    expect(await shown()).toBe(true);
    expect(await notices(t.app, donor)).toEqual([]);
    await report(await person(t.app, 'V3', true), { TargetType: 'food', TargetId: foodId, Reason: 'UnsafeFood' });
    expect(await shown()).toBe(false);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, user)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/requests', user, { FoodId: foodId })).statusCode).toBe(404);
    const own = (await call(t.app, 'GET', `/api/foods/${foodId}`, donor)).json();
    expect(own.Hidden.Reason).toMatch(/hidden while a moderator reviews it/);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, mod)).statusCode).toBe(200);
    const mine = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json() as { _id: string; Hidden?: object }[];
    expect(mine.find((f) => f._id === foodId)?.Hidden).toBeDefined();
    expect((await notices(t.app, donor)).map((n) => n.Title)).toEqual(['Suspicious Sushi is under review']);
    const log = (await call(t.app, 'GET', '/api/moderation/log', mod)).json();
    expect(log[0]).toMatchObject({ Action: 'AutoHide', TargetType: 'food', TargetId: foodId, Actor: null });
    // The moderator reviews it and restores it: back in every list, the donor told.
    expect((await act(mod, { Action: 'Restore', TargetType: 'food', TargetId: foodId, Reason: 'Looks fine.' })).json()).toMatchObject({ modifiedCount: 1 });
    expect(await shown()).toBe(true);
    expect((await notices(t.app, donor))[0]!.Title).toBe('Suspicious Sushi is shown again');
  });

  it('hides and restores a listing by a moderator: gone from every list and search, the donor told the reason, logged', async () => {
    const foodId = await listing(t.app, donor, 'Hidden Hummus');
    const hide = await act(mod, { Action: 'Hide', TargetType: 'food', TargetId: foodId, Reason: 'Selling alcohol' });
    expect(hide.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    for (const who of [null, user]) expect((await publicNames(t.app, who, 'Hummus')).flat()).not.toContain('Hidden Hummus');
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, user)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, donor)).json().Hidden.Reason).toBe('Selling alcohol');
    const n = (await notices(t.app, donor))[0]!;
    expect(n).toMatchObject({ Title: 'Hidden Hummus was hidden by a moderator', Body: 'Reason: Selling alcohol' });
    expect((await act(mod, { Action: 'Hide', TargetType: 'food', TargetId: foodId, Reason: 'again' })).json().modifiedCount).toBe(0);
    expect((await act(mod, { Action: 'Hide', TargetType: 'user', TargetId: donor.id, Reason: 'x' })).statusCode).toBe(400);
    expect((await act(mod, { Action: 'Hide', TargetType: 'food', TargetId: '00000000-0000-4000-8000-000000000000', Reason: 'x' })).statusCode).toBe(404);
    await act(mod, { Action: 'Restore', TargetType: 'food', TargetId: foodId, Reason: 'Mistake' });
    expect((await publicNames(t.app, null, 'Hummus')).flat()).toContain('Hidden Hummus');
    const log = (await call(t.app, 'GET', '/api/moderation/log', mod)).json() as { Action: string; TargetId: string; Actor: { Name: string }; Reason: string; At: string }[];
    const mine = log.filter((e) => e.TargetId === foodId);
    expect(mine.map((e) => [e.Action, e.Reason, e.Actor.Name])).toEqual([
      ['Restore', 'Mistake', 'Mo Moderator'],
      ['Hide', 'again', 'Mo Moderator'],
      ['Hide', 'Selling alcohol', 'Mo Moderator'],
    ]);
    expect(Date.parse(mine[0]!.At)).toBeGreaterThan(Date.now() - 60_000);
    // Each entry names the listing and says whether it is hidden now (shown again: no Restore to offer).
    expect(mine[0]).toMatchObject({ TargetName: 'Hidden Hummus', TargetHidden: false, TargetBanned: null });
  });

  it('removes a message for both parties with the moderator notice text; the sender is told', async () => {
    const requester = await person(t.app, 'Rex Requester', true);
    const requestId = await request(t.app, requester, await listing(t.app, donor, 'Chat Cheese'));
    const sent = await call(t.app, 'POST', `/api/requests/${requestId}/messages`, requester, { Body: 'Rude words' });
    const messageId = sent.json().insertedId;
    expect((await report(donor, { TargetType: 'message', TargetId: messageId, Reason: 'Harassment' })).statusCode).toBe(201);
    expect((await report(user, { TargetType: 'message', TargetId: messageId, Reason: 'Harassment' })).statusCode).toBe(404);
    expect((await report(requester, { TargetType: 'message', TargetId: messageId, Reason: 'Harassment' })).statusCode).toBe(409);
    const queue = (await call(t.app, 'GET', '/api/moderation/reports', mod)).json() as { TargetId: string; Reports: { Snapshot: { Body: string } }[] }[];
    expect(queue.find((g) => g.TargetId === messageId)!.Reports[0]!.Snapshot.Body).toBe('Rude words');
    await act(mod, { Action: 'Hide', TargetType: 'message', TargetId: messageId, Reason: 'Harassment' });
    for (const who of [donor, requester]) {
      const [m] = (await call(t.app, 'GET', `/api/requests/${requestId}/messages`, who)).json();
      expect(m).toMatchObject({ Body: 'This message was removed by a moderator', Removed: true });
    }
    expect((await notices(t.app, requester))[0]).toMatchObject({ Title: 'Your message was removed by a moderator', Body: 'Reason: Harassment' });
    expect((await call(t.app, 'GET', '/api/moderation/reports', mod)).json().some((g: { TargetId: string }) => g.TargetId === messageId)).toBe(false);
  });

  it('lets a moderator make another person a moderator, logged', async () => {
    const helper = await person(t.app, 'Hal Helper', true);
    expect((await call(t.app, 'GET', '/api/moderation/reports', helper)).statusCode).toBe(404);
    expect((await act(mod, { Action: 'MakeModerator', TargetType: 'user', TargetId: helper.id, Reason: 'Trusted local' })).json().modifiedCount).toBe(1);
    expect((await call(t.app, 'GET', '/api/moderation/reports', helper)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/moderation/log', helper)).json()[0]).toMatchObject({ Action: 'MakeModerator', TargetId: helper.id });
  });
});

// Wanted posts are reportable and moderated like listings: three verified reporters hide a
// post until a moderator reviews it (its poster is told), a moderator hides and restores it,
// a banned person's posts leave the lists, and a block hides posts both ways.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/notifications/schema.js';
import { BACKENDS, call, startApp, type Person, type TestApp } from '../harness.js';
import { person, SAFETY_ENV, signUpModerator } from '../moderation/support.js';
import { post, titles } from './support.js';

describe.each(BACKENDS)('moderation of Wanted posts on %s', (backend) => {
  let t: TestApp;
  let mod: Person & { id: string };

  beforeAll(async () => {
    t = await startApp(backend, SAFETY_ENV);
    mod = await signUpModerator(t.app, 'Mona Moderator');
  });
  afterAll(() => t.close());

  const report = (who: Person, id: string) => call(t.app, 'POST', '/api/reports', who, { TargetType: 'wanted', TargetId: id, Reason: 'Spam' });
  const act = (Action: string, id: string) => call(t.app, 'POST', '/api/moderation/actions', mod, { Action, TargetType: 'wanted', TargetId: id, Reason: 'Selling, not asking' });

  it('takes reports, hides a post reported by three verified people and tells its poster, and shows it in the queue', async () => {
    const poster = await person(t.app, 'Rita Reported', true);
    const id = await post(t.app, poster, { Title: 'Cheap phones wanted' });
    expect((await report(poster, id)).json().code).toBe('own_target');
    for (const name of ['Ann', 'Ben', 'Cem']) expect((await report(await person(t.app, name, true), id)).statusCode).toBe(201);
    expect(await titles(t.app, null)).not.toContain('Cheap phones wanted');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`)).statusCode).toBe(404);
    const own = (await call(t.app, 'GET', `/api/wanted/${id}`, poster)).json();
    expect(own.Hidden.Reason).toMatch(/reported/);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, poster.id));
    expect(told.map((n) => n.title)).toContain('Cheap phones wanted is under review');
    const group = ((await call(t.app, 'GET', '/api/moderation/reports', mod)).json() as { TargetType: string; TargetId: string; Hidden: boolean; Count: number; Reports: { Snapshot: { Title: string } }[] }[]).find(
      (g) => g.TargetId === id,
    )!;
    expect(group).toMatchObject({ TargetType: 'wanted', Hidden: true, Count: 3 });
    expect(group.Reports[0]!.Snapshot.Title).toBe('Cheap phones wanted');
    expect((await act('Restore', id)).json().modifiedCount).toBe(1);
    expect(await titles(t.app, null)).toContain('Cheap phones wanted');
    const log = (await call(t.app, 'GET', '/api/moderation/log', mod)).json() as { Action: string; TargetType: string; TargetId: string; TargetName: string; TargetHidden: boolean }[];
    expect(log.filter((e) => e.TargetId === id).map((e) => [e.Action, e.TargetType, e.TargetName, e.TargetHidden])).toEqual([
      ['Restore', 'wanted', 'Cheap phones wanted', false],
      ['AutoHide', 'wanted', 'Cheap phones wanted', false],
    ]);
  });

  it('lets a moderator hide a post, and refuses reports of unknown posts', async () => {
    const poster = await person(t.app, 'Hugo Hidden');
    const id = await post(t.app, poster, { Title: 'Hidden honey' });
    expect((await act('Hide', id)).json().modifiedCount).toBe(1);
    expect(await titles(t.app, await person(t.app, 'Viewer'))).not.toContain('Hidden honey');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`, mod)).statusCode).toBe(200);
    expect((await report(await person(t.app, 'Late'), id)).statusCode).toBe(404);
    expect((await report(poster, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await act('Hide', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("hides a banned person's posts from every list and page until the ban is lifted", async () => {
    const poster = await person(t.app, 'Bruno Banned');
    const id = await post(t.app, poster, { Title: 'Banned bananas' });
    const ban = await call(t.app, 'POST', '/api/moderation/actions', mod, { Action: 'Ban', TargetType: 'user', TargetId: poster.id, Reason: 'Spam' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(await titles(t.app, null)).not.toContain('Banned bananas');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`)).statusCode).toBe(404);
    await call(t.app, 'POST', '/api/moderation/actions', mod, { Action: 'Unban', TargetType: 'user', TargetId: poster.id, Reason: 'Appeal' });
    expect(await titles(t.app, null)).toContain('Banned bananas');
  });

  it('hides posts between people who blocked each other, both ways', async () => {
    const poster = await person(t.app, 'Bo Blocker');
    const other = await person(t.app, 'Olli Other');
    const id = await post(t.app, poster, { Title: 'Blocked beans' });
    const blocked = await call(t.app, 'POST', '/api/blocks', poster, { UserId: other.id });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    expect(await titles(t.app, other)).not.toContain('Blocked beans');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`, other)).statusCode).toBe(404);
    expect(await titles(t.app, null)).toContain('Blocked beans');
  });
});

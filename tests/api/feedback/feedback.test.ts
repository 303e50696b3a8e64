// Feedback after a hand-over: once Delivered, donor and requester each
// rate the other once (Positive/Negative, optional reason, a comment only moderators
// read); a person's public standing is "N shares" and, from 3 feedbacks on, the
// share of positive ones; 3 negatives from distinct people within 30 days put the
// person on the moderation queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_HAND_OVER } from '../../../src/server/feedback/repository.js';
import { BACKENDS, call, startApp, type Person, type TestApp } from '../harness.js';
import { delivered, listing, person, request, SAFETY_ENV, signUpModerator } from '../moderation/support.js';

describe.each(BACKENDS)('feedback on %s', (backend) => {
  let t: TestApp;
  let mod: Person;
  beforeAll(async () => {
    t = await startApp(backend, SAFETY_ENV);
    mod = await signUpModerator(t.app, 'Mo Moderator');
  });
  afterAll(() => t.close());

  const give = (who: Person | null, requestId: string, body: Record<string, unknown>) => call(t.app, 'POST', `/api/requests/${requestId}/feedback`, who, body);

  it('opens after Delivered, once per side, to the two parties only', async () => {
    const donor = await person(t.app, 'Dora');
    const requester = await person(t.app, 'Rafa');
    const stranger = await person(t.app, 'Stan');
    const pending = await request(t.app, requester, await listing(t.app, donor));
    expect((await give(requester, pending, { Rating: 'Positive' })).statusCode).toBe(409);
    expect((await call(t.app, 'GET', `/api/requests/${pending}/feedback`, requester)).json()).toEqual({ Given: false, CanGive: false });

    const done = await delivered(t.app, donor, requester);
    expect((await give(null, done, { Rating: 'Positive' })).statusCode).toBe(401);
    expect((await give(stranger, done, { Rating: 'Positive' })).statusCode).toBe(403);
    expect((await give(requester, done, { Rating: 'Great' })).statusCode).toBe(400);
    expect((await give(requester, done, { Rating: 'Negative', Reason: 'Sleepy' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/requests/${done}/feedback`, requester)).json()).toEqual({ Given: false, CanGive: true });
    expect((await give(requester, done, { Rating: 'Positive', Comment: 'Lovely bread' })).statusCode).toBe(201);
    const twice = await give(requester, done, { Rating: 'Negative' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('You have already left feedback for this hand-over.');
    expect((await call(t.app, 'GET', `/api/requests/${done}/feedback`, requester)).json()).toEqual({ Given: true, CanGive: false });
    expect((await give(donor, done, { Rating: 'Negative', Reason: 'Late' })).statusCode).toBe(201);
  });

  it('refuses feedback on a delivery the requester never took part in, and after a block either way', async () => {
    const donor = await person(t.app, 'Wanda Weapon');
    const requester = await person(t.app, 'Pia Pending');
    // Pending straight to Delivered, never accepted, the requester never wrote: no hand-over to rate.
    const unanswered = await request(t.app, requester, await listing(t.app, donor, 'Weapon Waffles'));
    expect((await call(t.app, 'PATCH', `/api/requests/${unanswered}`, donor, { Status: 'Delivered' })).statusCode).toBe(200);
    const refused = await give(donor, unanswered, { Rating: 'Negative', Reason: 'NoShow' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(NOT_A_HAND_OVER);
    expect((await call(t.app, 'GET', `/api/requests/${unanswered}/feedback`, donor)).json()).toEqual({ Given: false, CanGive: false });
    // The requester wrote in the conversation before the delivery: a hand-over she took part in.
    const talked = await request(t.app, requester, await listing(t.app, donor, 'Talked Tarts'));
    expect((await call(t.app, 'POST', `/api/requests/${talked}/messages`, requester, { Body: 'I can come at six.' })).statusCode).toBe(201);
    expect((await call(t.app, 'PATCH', `/api/requests/${talked}`, donor, { Status: 'Delivered' })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/requests/${talked}/feedback`, donor)).json()).toEqual({ Given: false, CanGive: true });
    // A block ends the right to leave feedback on an earlier hand-over, whoever blocked.
    const done = await delivered(t.app, donor, requester, 'Blocked Buns');
    expect((await call(t.app, 'POST', '/api/blocks', requester, { UserId: donor.id })).statusCode).toBe(201);
    expect((await give(donor, done, { Rating: 'Negative', Reason: 'Rude' })).statusCode).toBe(409);
    expect((await give(requester, done, { Rating: 'Negative', Reason: 'Rude' })).statusCode).toBe(409);
    expect((await give(donor, talked, { Rating: 'Negative', Reason: 'Rude' })).statusCode).toBe(409);
    expect((await call(t.app, 'GET', `/api/requests/${done}/feedback`, donor)).json()).toEqual({ Given: false, CanGive: false });
  });

  it('shows "N shares" always and the positive share from 3 feedbacks on; never the comments', async () => {
    const donor = await person(t.app, 'Gina Giver');
    const takers = [await person(t.app, 'T1'), await person(t.app, 'T2'), await person(t.app, 'T3')];
    const done: string[] = [];
    for (const p of takers) done.push(await delivered(t.app, donor, p));
    await give(takers[0]!, done[0]!, { Rating: 'Positive', Comment: 'secret praise' });
    await give(takers[1]!, done[1]!, { Rating: 'Positive' });
    expect((await call(t.app, 'GET', `/api/people/${(await standingId(donor))}`)).json()).toMatchObject({ Name: 'Gina Giver', Shares: 3, Feedbacks: 2, PositivePercent: null });
    await give(takers[2]!, done[2]!, { Rating: 'Negative', Reason: 'Rude' });
    const s = await call(t.app, 'GET', `/api/people/${await standingId(donor)}`);
    expect(s.json()).toMatchObject({ Shares: 3, Feedbacks: 3, PositivePercent: 67 });
    expect(s.body).not.toContain('secret praise');
    expect((await call(t.app, 'GET', '/api/people/nobody')).statusCode).toBe(404);
  });

  it("carries each other party's standing on the request lists: the requester's for the donor, the donor's for the requester", async () => {
    const donor = await person(t.app, 'Hana Host');
    const regular = await person(t.app, 'Ravi Regular');
    const newcomer = await person(t.app, 'Nell New');
    const done: string[] = [];
    for (const name of ['Soup', 'Rice', 'Pears']) done.push(await delivered(t.app, donor, regular, name));
    for (const id of done) await give(donor, id, { Rating: 'Positive' });
    await give(regular, done[0]!, { Rating: 'Negative', Reason: 'Late' });
    const food = await listing(t.app, donor, 'Plums');
    await request(t.app, regular, food);
    await request(t.app, newcomer, food);

    const rows = (await call(t.app, 'GET', `/api/requests/${food}`, donor)).json() as { Requester: { Name: string; Standing: unknown } }[];
    const byName = Object.fromEntries(rows.map((r) => [r.Requester.Name, r.Requester.Standing]));
    expect(byName).toEqual({ 'Ravi Regular': { Shares: 3, PositivePercent: 100 }, 'Nell New': { Shares: 0, PositivePercent: null } });

    const mine = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(regular.email)}`, regular)).json() as { FoodName: string; Donator: { Standing: unknown } }[];
    expect(mine.find((r) => r.FoodName === 'Plums')!.Donator.Standing).toEqual({ Shares: 3, PositivePercent: null });
    expect(mine.find((r) => r.FoodName === 'Soup')!.Donator.Standing).toEqual({ Shares: 3, PositivePercent: null });
  });

  it('puts a person on the moderation queue at 3 negatives from distinct people within 30 days, with the private comments', async () => {
    const rude = await person(t.app, 'Rick Rude');
    const victims = [await person(t.app, 'N1'), await person(t.app, 'N2'), await person(t.app, 'N3')];
    const rudeId = await standingId(rude);
    const queued = async () =>
      ((await call(t.app, 'GET', '/api/moderation/reports', mod)).json() as { TargetType: string; TargetId: string; Reasons: string[]; Reports: { Snapshot: { NegativeFeedback: { Comment: string }[] } }[] }[]).find(
        (g) => g.TargetType === 'user' && g.TargetId === rudeId,
      );
    // Two negatives by the same person count once.
    const first = await delivered(t.app, victims[0]!, rude);
    const again = await delivered(t.app, victims[0]!, rude, 'More bread');
    await give(victims[0]!, first, { Rating: 'Negative', Reason: 'NoShow' });
    await give(victims[0]!, again, { Rating: 'Negative', Reason: 'NoShow' });
    await give(victims[1]!, await delivered(t.app, victims[1]!, rude), { Rating: 'Negative', Reason: 'Rude', Comment: 'Shouted at me' });
    expect(await queued()).toBeUndefined();
    await give(victims[2]!, await delivered(t.app, victims[2]!, rude), { Rating: 'Negative', Reason: 'Late' });
    const group = (await queued())!;
    expect(group.Reasons).toEqual(['NegativeFeedback']);
    expect(group.Reports[0]!.Snapshot.NegativeFeedback.map((f) => f.Comment)).toContain('Shouted at me');
  });

  /** The user id of `p`, as the API shows it on their requests. */
  async function standingId(p: Person): Promise<string> {
    const s = (await call(t.app, 'GET', '/api/auth/get-session', p)).json();
    return s.user.id;
  }
});

// The pickup mails go through the outbox to a real SMTP inbox: who gets which,
// text + HTML with a link to the page, RFC 8058 one-click unsubscribe, preferences,
// no message mail while the recipient has a live stream, one per conversation per 15 min.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, waitForMail } from '../../support/inbox.js';
import { openEvents } from '../../support/sse.js';
import { appWithInbox, BACKENDS, call, foodBody, listenForEvents, signUp, type InboxApp, type Person } from '../harness.js';

const PUBLIC_URL = 'https://plateful.example';
const PORTS = { pglite: 14612, postgres: 14622 } as const;

describe.each(BACKENDS)('pickup mails on %s', (backend) => {
  let t: InboxApp;
  let donor: Person;
  let requester: Person;

  beforeAll(async () => {
    // No grace period for new-request mails here (tests/api/notifications/flood.test.ts covers it).
    t = await appWithInbox(backend, { PUBLIC_URL, NEW_REQUEST_MAIL_DELAY_MS: '0' });
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
  });
  afterAll(() => t?.close());

  /** Mails to `who` whose subject matches, after the outbox has nothing left to send. */
  const mailsTo = async (who: Person, subject: RegExp) => {
    await t.app.outbox.whenIdle();
    return t.inbox.messages.filter((m) => recipient(m) === who.email && subject.test(m.subject ?? ''));
  };
  const header = (m: ParsedMail, name: string) => {
    const line = m.headerLines.find((h) => h.key === name.toLowerCase());
    return line?.line.slice(line.line.indexOf(':') + 1).trim();
  };
  const unsubscribeUrl = (m: ParsedMail) => /^<(.+)>$/.exec(header(m, 'List-Unsubscribe') ?? '')![1]!;
  const addFood = async (name: string) => (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId;

  it('mails the donor a new request: text and HTML, a link to the page, one-click unsubscribe headers', async () => {
    const foodId = await addFood('Soup');
    await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId, AdditionalNotes: 'After 6pm' });
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === donor.email && m.subject === 'New request for Soup');
    expect(mail.text).toContain('Hello Dana Donor,');
    expect(mail.text).toContain('Rita Requester requested Soup. Notes: After 6pm');
    expect(mail.text).toContain(`${PUBLIC_URL}/manage-food/${foodId}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/manage-food/${foodId}"`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(mail)).toMatch(new RegExp(`^${PUBLIC_URL}/api/email-preferences/unsubscribe\\?token=[\\w-]+\\.[\\w-]+$`));
    // The requester is not mailed about their own request.
    expect(await mailsTo(requester, /Soup/)).toEqual([]);
  });

  it('unsubscribes with one POST to the header URL without signing in; a forged token changes nothing', async () => {
    const [mail] = await mailsTo(donor, /^New request for Soup$/);
    const path = unsubscribeUrl(mail!).slice(PUBLIC_URL.length);
    const forged = path.replace(/\.[\w-]+$/, '.AAAA');
    const bad = await t.app.inject({ method: 'POST', url: forged, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/email-preferences', donor)).json().NewRequests).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe</button>');
    expect((await call(t.app, 'GET', '/api/email-preferences', donor)).json().NewRequests).toBe(true);

    const res = await t.app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await call(t.app, 'GET', '/api/email-preferences', donor)).json()).toEqual({ NewRequests: false, RequestUpdates: true, Messages: true });

    const other = await signUp(t.app, 'Otto Other');
    await call(t.app, 'POST', '/api/requests', other, { FoodId: await addFood('Rice') });
    expect(await mailsTo(donor, /Rice/)).toEqual([]);
    // The notification is still written.
    expect((await call(t.app, 'GET', '/api/notifications?limit=1', donor)).json()[0].Title).toBe('New request for Rice');
  });

  it('mails the requester when delivered and when the food is deleted (RequestUpdates)', async () => {
    const foodId = await addFood('Bread');
    const requestId = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
    await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' });
    const delivered = await waitForMail(t.inbox, (m) => recipient(m) === requester.email && m.subject === 'Bread was delivered');
    expect(delivered.text).toContain(`${PUBLIC_URL}/requests/${requestId}`);
    expect(header(delivered, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const apples = await addFood('Apples');
    await call(t.app, 'POST', '/api/requests', requester, { FoodId: apples });
    await call(t.app, 'DELETE', `/api/foods/${apples}`, donor);
    const deleted = await waitForMail(t.inbox, (m) => recipient(m) === requester.email && m.subject === 'Apples is no longer available');
    expect(deleted.text).toContain('Dana Donor removed Apples, so your request was withdrawn.');
    // Cancelling mails nobody.
    const cake = await addFood('Cake');
    const cancel = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: cake })).json().insertedId;
    await call(t.app, 'DELETE', `/api/requests/${cancel}`, requester);
    expect(await mailsTo(donor, /Cake/)).toEqual([]);
  });

  it('mails a message only without an open stream, and at most once per conversation per 15 minutes', async () => {
    const url = await listenForEvents(t.app, PORTS[backend]);
    const requestId = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: await addFood('Pasta') })).json().insertedId;
    const thread = `/api/requests/${requestId}/messages`;

    const stream = await openEvents(url, donor.cookie);
    await stream.next((e) => e.event === 'unread');
    await call(t.app, 'POST', thread, requester, { Body: 'Are you home at 6?' });
    await stream.next((e) => e.event === 'message');
    expect(await mailsTo(donor, /New message/)).toEqual([]);
    stream.close();
    await new Promise((r) => setTimeout(r, 200));

    await call(t.app, 'POST', thread, requester, { Body: 'I can also come tomorrow.\nLet me know!' });
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === donor.email && /New message/.test(m.subject ?? ''));
    expect(mail.subject).toBe('New message from Rita Requester about Pasta');
    expect(mail.text).toContain('I can also come tomorrow.\nLet me know!');
    expect(mail.text).toContain(`${PUBLIC_URL}/requests/${requestId}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/requests/${requestId}"`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    await call(t.app, 'POST', thread, requester, { Body: 'Hello?' });
    expect(await mailsTo(donor, /New message/)).toHaveLength(1);
    // The other direction is its own slot.
    await call(t.app, 'POST', thread, donor, { Body: 'Yes, 6 is fine.' });
    await waitForMail(t.inbox, (m) => recipient(m) === requester.email && /New message from Dana Donor/.test(m.subject ?? ''));
  });
});

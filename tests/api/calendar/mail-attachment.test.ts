// The acceptance mail carries the pickup's calendar file (RFC 5545 as a text/calendar
// attachment): parsed back with ical.js it has the agreed instant, the same UID as the
// request's .ics download, the exact point the accepted requester may see, and the
// requester's language; an acceptance without PickupAt mails no file.
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, foodBody, signUp, type InboxApp, type Person } from '../harness.js';

const HOUR = 3_600_000;
const DOOR = { Lat: 52.520008, Lng: 13.404954 };

/** The one VEVENT of the text/calendar attachment of `mail`, or undefined without one. */
function attachedEvent(mail: ParsedMail) {
  const file = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!file) return undefined;
  const cal = new ICAL.Component(ICAL.parse(file.content.toString('utf8')));
  const v = cal.getFirstSubcomponent('vevent')!;
  const e = new ICAL.Event(v);
  return { method: cal.getFirstPropertyValue('method'), uid: e.uid, sequence: e.sequence, start: e.startDate.toJSDate().toISOString(), summary: e.summary, geo: v.getFirstPropertyValue('geo') };
}

describe.each(BACKENDS)('the acceptance mail on %s', (backend) => {
  let t: InboxApp;
  let donor: Person;
  let ann: Person;
  let bea: Person;

  beforeAll(async () => {
    t = await appWithInbox(backend, { NEW_REQUEST_MAIL_DELAY_MS: '0' });
    donor = await signUp(t.app, 'Bäckerei Sonne');
    ann = await signUp(t.app, 'Ann');
    bea = await signUp(t.app, 'Bea');
  });
  afterAll(() => t?.close());

  const offer = async (name: string, start: number) => {
    const window = { Start: new Date(start).toISOString(), End: new Date(start + HOUR / 2).toISOString(), Capacity: 3 };
    const body = foodBody({ FoodName: name, Location: DOOR, TimeZone: 'Europe/Berlin', PickupWindows: [window] });
    return (await call(t.app, 'POST', '/api/foods', donor, body)).json().insertedId as string;
  };
  const accepted = (who: Person, food: string) => (m: ParsedMail) => recipient(m) === who.email && m.subject === `Your request for ${food} was accepted`;

  it("attaches the pickup's .ics to the accepted requester's mail: the agreed instant, the download's UID, the exact point", async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 6 * HOUR;
    const foodId = await offer('Sourdough', start);
    const rid = (await call(t.app, 'POST', '/api/requests', ann, { FoodId: foodId })).json().insertedId as string;
    const at = new Date(start + 10 * 60_000).toISOString();
    expect((await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: at })).statusCode).toBe(200);

    const mail = await waitForMail(t.inbox, accepted(ann, 'Sourdough'));
    const event = attachedEvent(mail);
    expect(event).toMatchObject({ method: 'PUBLISH', uid: `${rid}@plateful.test`, start: at, summary: 'Pick up Sourdough from Bäckerei Sonne' });
    expect(event!.geo).toEqual([DOOR.Lat, DOOR.Lng]);
    // The download is the same calendar entry: same UID, same SEQUENCE.
    const download = await call(t.app, 'GET', `/api/requests/${rid}/calendar.ics`, ann);
    const again = new ICAL.Event(new ICAL.Component(ICAL.parse(download.body)).getFirstSubcomponent('vevent')!);
    expect({ uid: again.uid, sequence: again.sequence }).toEqual({ uid: event!.uid, sequence: event!.sequence });
  });

  it("words the file in the requester's language; an acceptance without a pickup time attaches nothing", async () => {
    expect((await call(t.app, 'PUT', '/api/account/language', bea, { Language: 'de' })).statusCode).toBeLessThan(300);
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 8 * HOUR;
    const foodId = await offer('Brezeln', start);
    const rid = (await call(t.app, 'POST', '/api/requests', bea, { FoodId: foodId })).json().insertedId as string;
    await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: new Date(start).toISOString() });
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === bea.email && /Brezeln/.test(m.subject ?? ''));
    expect(attachedEvent(mail)?.summary).toBe('Brezeln bei Bäckerei Sonne abholen');

    const plain = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Apples' }))).json().insertedId as string;
    const rid2 = (await call(t.app, 'POST', '/api/requests', ann, { FoodId: plain })).json().insertedId as string;
    await call(t.app, 'PATCH', `/api/requests/${rid2}`, donor, { Status: 'Accepted' });
    expect(attachedEvent(await waitForMail(t.inbox, accepted(ann, 'Apples')))).toBeUndefined();
  });
});

// The cluster test's clients: HTTP/2 over TLS to nginx as a browser talks to it (one
// session, opened again after nginx's GOAWAY on reload; a stream the server refused
// before processing it is sent again, as browsers do), plain HTTP/1.1 straight to one app
// host, and a Server-Sent Events reader over either that reconnects with Last-Event-ID.
import http from 'node:http';
import http2 from 'node:http2';
import { addressOf } from './net.mjs';

export const ORIGIN = 'https://food.example.org';

/** Parses SSE frames out of text chunks; `onEvent({ event, data, id })` per frame. */
function sseParser(onEvent) {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const e = { event: 'message', data: '' };
      for (const line of frame.split('\n')) {
        const i = line.indexOf(':');
        if (i === 0) continue;
        const [k, v] = i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1).replace(/^ /, '')];
        if (k === 'event') e.event = v;
        else if (k === 'data') e.data += v;
        else if (k === 'id') e.id = v;
      }
      if (e.data || e.event !== 'message') onEvent(e);
    }
  };
}

/** An HTTP/2 client of nginx at `address` (TLS with `ca`, SNI food.example.org). */
export function h2Client(address, ca) {
  let session;
  const connect = () => {
    const s = http2.connect(`https://${address}`, { ca, servername: 'food.example.org' });
    s.on('error', () => undefined);
    s.on('goaway', () => {
      if (session === s) session = undefined;
    });
    s.on('close', () => {
      if (session === s) session = undefined;
    });
    return s;
  };
  const session$ = () => {
    if (!session || session.closed || session.destroyed) session = connect();
    return session;
  };
  const once = (method, path, { cookie, body, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const h = { ':method': method, ':path': path, ':authority': 'food.example.org', origin: ORIGIN, ...headers };
      if (cookie) h.cookie = cookie;
      if (body !== undefined) h['content-type'] = 'application/json';
      let req;
      try {
        req = session$().request(h);
      } catch (error) {
        return reject(Object.assign(error, { retry: true }));
      }
      let status = 0;
      let responseHeaders = {};
      const chunks = [];
      req.setTimeout(15_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
      req.on('response', (hs) => ((status = hs[':status']), (responseHeaders = hs)));
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve({ status, headers: responseHeaders, text: Buffer.concat(chunks).toString('utf8') }));
      req.on('error', (error) => {
        const refused = req.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM || /GOAWAY|INVALID_SESSION|closed/i.test(String(error.code ?? error.message));
        reject(Object.assign(error, { retry: refused && status === 0 }));
      });
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return {
    /** One request; resolves with { status, headers, text, json() }. */
    async request(method, path, opts) {
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await once(method, path, opts);
          return { ...r, json: () => JSON.parse(r.text) };
        } catch (error) {
          if (!error.retry || attempt >= 2) throw error;
          session = undefined;
        }
      }
    },
    /** Opens an SSE stream on its own session (see `events`). */
    openStream(path, headers) {
      const s = connect();
      const req = s.request({ ':path': path, ':authority': 'food.example.org', accept: 'text/event-stream', ...headers });
      req.setEncoding('utf8');
      req.on('error', () => undefined);
      return { req, close: () => s.destroy() };
    },
    close: () => session?.destroy(),
  };
}

/** A plain HTTP/1.1 call straight to app host `host` (as if through nothing). */
export async function direct(host, method, path, { cookie, body } = {}) {
  const headers = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://${addressOf(host)}:3000${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

/**
 * Follows `/api/events` of `cookie`'s person through `via`: an h2Client (nginx) or a host
 * name (straight to it). Every event lands in `events`; a stream that ends is opened
 * again after 200 ms with the last id (unless it ended with `event: closed`, or `close()`).
 * `reconnects` counts the re-openings; `ended` is set when the server closed it for good.
 */
export function events(via, cookie) {
  const state = { events: [], reconnects: 0, ended: false, lastId: undefined, opened: undefined };
  let current;
  let stopped = false;
  const onEvent = (e) => {
    e.at = performance.now();
    if (e.id) state.lastId = e.id;
    state.events.push(e);
    if (e.event === 'closed') state.ended = true;
  };
  const open = () => {
    const headers = { cookie, ...(state.lastId ? { 'last-event-id': state.lastId } : {}) };
    const parse = sseParser(onEvent);
    const again = () => {
      if (stopped || state.ended) return;
      state.reconnects++;
      setTimeout(open, 200);
    };
    if (typeof via === 'string') {
      const req = http.get(`http://${addressOf(via)}:3000/api/events`, { headers: { ...headers, accept: 'text/event-stream' }, agent: false });
      req.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', parse);
        res.on('close', again);
      });
      req.on('error', () => undefined);
      current = { close: () => req.destroy() };
    } else {
      const s = via.openStream('/api/events', headers);
      s.req.on('data', parse);
      s.req.on('close', again);
      current = s;
    }
  };
  open();
  return Object.assign(state, {
    /** Resolves with the first event `match` accepts (received or to come); rejects after `ms`. */
    async next(match, ms = 5000) {
      const until = performance.now() + ms;
      for (;;) {
        const hit = state.events.find(match);
        if (hit) return hit;
        if (performance.now() > until) throw new Error(`no matching event within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close() {
      stopped = true;
      current?.close();
    },
  });
}

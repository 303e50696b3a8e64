// The cluster's network (docs/operations.md "Deployment", tested by `npm run test:cluster`):
// one network namespace per host, each joined to a bridge on this machine by a veth pair.
// The bridge's own address stands for the database host: a relay there forwards to the
// PostgreSQL this machine already runs on 127.0.0.1:5432. Needs root (`ip netns`).
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** The /24 the cluster lives in, and each host's last byte. */
export const PREFIX = '10.77.0';
export const BRIDGE = 'plcbr0';
export const HOSTS = { db: 4, lb: 10, a: 11, b: 12, c: 13 };
/** This machine on the bridge (the database host's PostgreSQL, through the relay). */
export const HOST_ADDRESS = `${PREFIX}.1`;

/** The address of host `name` (a key of HOSTS). */
export const addressOf = (name) => `${PREFIX}.${HOSTS[name]}`;
/** The namespace of host `name`. */
export const nsOf = (name) => `plc-${name}`;

const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const quietly = (f) => {
  try {
    f();
  } catch {
    // Already gone.
  }
};

/** Creates the bridge and one namespace per host (removing leftovers of an earlier run first). */
export function netUp() {
  netDown();
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${HOST_ADDRESS}/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  for (const name of Object.keys(HOSTS)) {
    const ns = nsOf(name);
    const outside = `plc${name}0`;
    const inside = `plc${name}1`;
    ip('netns', 'add', ns);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', ns);
    ip('link', 'set', outside, 'master', BRIDGE);
    ip('link', 'set', outside, 'up');
    ip('-n', ns, 'addr', 'add', `${addressOf(name)}/24`, 'dev', inside);
    ip('-n', ns, 'link', 'set', inside, 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
  }
}

/** Removes the namespaces (their veth ends go with them) and the bridge; never throws. */
export function netDown() {
  for (const name of Object.keys(HOSTS)) {
    quietly(() => ip('netns', 'del', nsOf(name)));
    quietly(() => ip('link', 'del', `plc${name}0`));
  }
  quietly(() => ip('link', 'del', BRIDGE));
}

/**
 * A TCP relay from `HOST_ADDRESS:port` to `127.0.0.1:port` (PostgreSQL listens on loopback
 * only). Resolves once listening, with a close function.
 */
export async function relay(port = 5432) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, HOST_ADDRESS, resolve));
  return () => {
    for (const s of sockets) s.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
}

/**
 * `relay` on a worker thread of its own, so that a busy main thread (the capacity benchmark's
 * load generator) does not delay the database's traffic. Resolves once listening, with a close function.
 */
export async function relayThread(port = 5432) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { relayPort: port } });
  await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
  return () => worker.terminate();
}
if (!isMainThread && workerData?.relayPort) await relay(workerData.relayPort).then(() => parentPort.postMessage('listening'));

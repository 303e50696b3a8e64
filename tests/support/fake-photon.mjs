// A Photon-compatible geocoder for tests, in a process of its own so
// the arrival times it records are not delayed by the app's event loop. Listens on a
// free loopback port and prints it; GET /log answers [{url, at, userAgent}] of every
// other request; /api and /reverse answer one place named after the query.
import http from 'node:http';

const seen = [];
const server = http.createServer((req, res) => {
  const at = Date.now();
  const u = new URL(req.url, 'http://fake');
  res.setHeader('content-type', 'application/json');
  if (u.pathname === '/log') return res.end(JSON.stringify(seen));
  seen.push({ url: req.url, at, userAgent: req.headers['user-agent'] });
  const name = u.pathname === '/reverse' ? 'Fake Reverse Town' : `Fake ${u.searchParams.get('q')}`;
  res.end(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.85] }, properties: { name, state: 'Île-de-France', country: 'France' } }],
    }),
  );
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));

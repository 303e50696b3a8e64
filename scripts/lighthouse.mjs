// `npm run lighthouse`: Lighthouse 12 in Debian's Chromium against the built app
// (fresh in-memory database with demo data) on home, available foods and one food
// detail page; prints the four category scores (0–100) per page.
// Options: LIGHTHOUSE_PORT (default 3320), CHROMIUM_PATH; LIGHTHOUSE_JSON=1 prints the
// scores as one JSON line instead of a table (`npm run bench` reads it).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, someFoodId, startBuiltServer } from './built-server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Most runs of one page: a run whose trace failed (`runtimeError`, e.g. NO_NAVSTART) has no scores and is run again. */
const ATTEMPTS = 3;

/** Lighthouse's result for `url`; a run Lighthouse itself failed ("Please run Lighthouse again") is retried. */
async function audit(url) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES });
    if (!lhr.runtimeError || attempt === ATTEMPTS) return lhr;
    console.error(`${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

const server = await startBuiltServer(Number(process.env.LIGHTHOUSE_PORT ?? 3320));
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
try {
  const pages = { home: '/', 'available foods': '/available-foods', 'food detail': `/food/${await someFoodId(server.origin)}` };
  const rows = {};
  for (const [name, path] of Object.entries(pages)) {
    const lhr = await audit(`${server.origin}${path}`);
    rows[name] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failed.length) rows[name].failing = failed.map((a) => a.id).join(', ');
    // A category without a score (shown as 0): the run failed, or an audit could not run; say which and why.
    const errors = Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'error');
    if (lhr.runtimeError) rows[name].errors = lhr.runtimeError.message;
    else if (errors.length) rows[name].errors = errors.map((a) => `${a.id}: ${a.errorMessage}`).join('; ');
  }
  if (process.env.LIGHTHOUSE_JSON) console.log(JSON.stringify(rows));
  else console.table(rows);
} finally {
  chrome.kill();
  await server.stop();
}

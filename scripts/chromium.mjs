// The one Chromium setup of the browser tools (playwright.config.ts, screenshots.mjs,
// lighthouse.mjs): Debian's Chromium, no downloads, no background traffic.

/** Debian's Chromium, or `$CHROMIUM_PATH`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags every tool starts Chromium with (Playwright adds its own headless flag; the scripts add `--headless`). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

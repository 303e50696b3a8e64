// Every variable the configuration schema reads is listed in `.env.example` and in
// docs/configuration.md's table, and neither lists a variable the schema lacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../src/server/config.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('the documented configuration', () => {
  it('.env.example lists every variable of the schema, and no other (NAME= lines, commented or not)', () => {
    const listed = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(sorted(listed)).toEqual(sorted(CONFIG_VARIABLES));
  });

  it('docs/configuration.md has a table row for every variable of the schema, and no other', () => {
    const listed = [...read('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
    expect(sorted(listed)).toEqual(sorted(CONFIG_VARIABLES));
  });

  it('the schema reads the variables the server is known to need', () => {
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'AUTH_SECRET', 'VAPID_PUBLIC_KEY', 'ADMIN_EMAILS']));
  });
});

/**
 * The food the server wrote into a `/food/{id}` page (server/previews/page.ts):
 * read once, so the detail page shows it at once instead of waiting for `GET /foods/{id}`.
 * It is the anonymous view (no email); the query still refetches it in the background.
 */
import type { Food } from '../../../../contract/index.js';

let embedded: Food | undefined | null = null;

/** The embedded food when its id is `id`, else undefined. */
export function embeddedFood(id: string | undefined): Food | undefined {
  if (embedded === null) {
    const text = document.getElementById('plateful-food')?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as Food) : undefined;
    } catch {
      embedded = undefined;
    }
  }
  return id && embedded?._id === id ? embedded : undefined;
}

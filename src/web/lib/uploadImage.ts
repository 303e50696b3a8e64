import { t } from '@lingui/core/macro';
import type { ImageInfo } from '../../contract/index.js';
import { ApiError } from './http.js';

/**
 * Uploads one photo to `POST /api/images` as multipart part `file`.
 * Returns the server's answer with `url` made absolute (this origin), since
 * 'Food Image URL' and 'Photo URL' take absolute URLs (SPEC.md §5).
 * A 503 (the server's photo queue is full) is retried after its
 * `Retry-After`, up to 3 times, when that is at most 30 s.
 * @throws ApiError with the problem's detail (400 not a photo, 413 too large, 401 signed out, 429 too many).
 */
export async function uploadImage(file: Blob): Promise<ImageInfo> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  for (let attempt = 0; ; attempt++) {
    res = await fetch('/api/images', { method: 'POST', body, credentials: 'include' }).catch(() => {
      throw new ApiError(0, t`Could not reach the server. Check your connection and try again.`);
    });
    const wait = Number(res.headers.get('retry-after'));
    if (res.status !== 503 || attempt === 3 || !(wait > 0 && wait <= 30)) break;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  const data = (await res.json().catch(() => undefined)) as (ImageInfo & { detail?: string }) | undefined;
  const status = res.status;
  if (!res.ok || !data) throw new ApiError(status, data?.detail ?? t`Upload failed with status ${status}`);
  return { ...data, url: new URL(data.url, window.location.origin).href };
}

/**
 * The one fetch wrapper of the client: same-origin `/api`, JSON in and out,
 * cookies always sent (SPEC.md §7 "include credentials"). Failures throw
 * {@link ApiError}, carrying the RFC 9457 problem's `detail` (DESIGN.md "The API")
 * or Better Auth's `message`, so callers can show it as is.
 */
import { t } from '@lingui/core/macro';
import type { Problem } from '../../contract/index.js';
import { saveAnswer, savedAnswer } from './savedAnswers.js';

/** Base path of the API (DESIGN.md "The API"). */
export const API_BASE = '/api';

/** A failed call: HTTP status, a human-readable detail and the problem document if there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly problem: Problem | undefined;

  constructor(status: number, detail: string, problem?: Problem) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.problem = problem;
  }
}

/** Options of {@link apiFetch}: method, JSON body, abort signal. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Builds `/api{path}?{query}`, leaving out undefined and empty values. */
export function apiUrl(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Calls `url` (from {@link apiUrl}) and returns the parsed JSON answer (or
 * `undefined` for an empty one). Throws {@link ApiError} on a non-2xx answer,
 * with the problem's `detail` or Better Auth's `message`, and on a network
 * failure (status 0). An aborted call rejects with the abort reason.
 */
export async function apiFetch<T>(url: string, options: ApiOptions = {}): Promise<T> {
  return (await apiCall<T>(url, options)).data;
}

/**
 * The call under {@link apiFetch}: the parsed answer and its headers (e.g. a
 * paginated list's `X-Next-Cursor`), with the same errors.
 */
export async function apiCall<T>(url: string, { method = 'GET', body, signal }: ApiOptions): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  }).catch((err: unknown) => {
    if (signal?.aborted) throw err;
    // Offline: a read answered before is shown from this browser's saved copy (savedAnswers.ts).
    const saved = method === 'GET' && !navigator.onLine ? savedAnswer(url) : undefined;
    if (saved) return saved;
    throw new ApiError(
      0,
      navigator.onLine ? t`Could not reach the server. Check your connection and try again.` : t`You are offline, and this was not saved on this device.`,
    );
  });
  if (!(res instanceof Response)) return { data: res.data as T, headers: new Headers({ 'x-plateful-saved-at': String(res.at) }) };
  const text = await res.text();
  let data: { status?: unknown; detail?: string; message?: string; title?: string } | undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const status = res.status;
    const detail = data?.detail || data?.message || data?.title || t`Request failed with status ${status}`;
    throw new ApiError(res.status, detail, data?.status ? (data as Problem) : undefined);
  }
  if (method === 'GET') saveAnswer(url, data);
  return { data: data as T, headers: res.headers };
}

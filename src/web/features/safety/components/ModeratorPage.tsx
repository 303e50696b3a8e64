import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/http.js';
import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/title.js';
import { NotFound } from '../../../ui/NotFound.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';

/**
 * The frame of a moderators-only page around `query`, its data. The API
 * answers 404 to everyone but moderators, and so does the page: the 404 page, so
 * its existence is not advertised. Otherwise a spinner while loading, `failure`
 * with a retry on other errors, then the `<h1>` `title` (also the page title), a
 * link to the other moderation page (`link`: where, what it says) and `children(data)`
 * in a column `widthClass` wide.
 */
export function ModeratorPage<T>({
  query,
  title,
  failure,
  link,
  widthClass,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  failure: string;
  link: { to: string; label: string };
  widthClass: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, isError, error, refetch } = query;
  const notFound = isError && error instanceof ApiError && error.status === 404;
  usePageTitle(notFound ? t`Page Not Found` : title);
  if (notFound) return <NotFound />;
  if (isPending) return <Spinner fullPage />;
  if (isError) return <ErrorState message={failure} onRetry={() => void refetch()} />;
  return (
    <div className={`mx-auto flex w-full ${widthClass} flex-col gap-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <Link to={link.to} className="link link-primary">
          {link.label}
        </Link>
      </div>
      {children(data)}
    </div>
  );
}

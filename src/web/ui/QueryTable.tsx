import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ErrorState } from './ErrorState.js';
import { Spinner } from './Spinner.js';
import './controls/table.css';

/** The part of a TanStack Query result that {@link QueryTable} reads. */
export interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Props of {@link QueryTable}. */
export interface QueryTableProps<T> {
  query: ListQuery<T>;
  /** Shown with a 'Try again' button when the read failed after its retries. */
  errorMessage: string;
  /** The spec's empty-state text (SPEC.md §2). */
  emptyMessage: string;
  /** Accessible name of the scroll region and caption of the table. */
  label: string;
  /** Column headings, in order. */
  columns: readonly string[];
  /** Optional content above the table, given the rows. */
  intro?: (rows: T[]) => ReactNode;
  /** One `<tr>` per row. */
  row: (item: T) => ReactNode;
}

/**
 * The body of a table page (SPEC.md §2 manage pages): a full-page spinner while
 * loading, a message with 'Try again' on failure, the empty-state text, else a
 * captioned table in its own focusable region. Below 640 px each row shows as a card of
 * labelled lines (`.table-cards`, styles.css), so statuses and actions stay on screen
 * without sideways scrolling; the labels are the column headings, copied onto each cell.
 */
export function QueryTable<T>({ query, errorMessage, emptyMessage, label, columns, intro, row }: QueryTableProps<T>) {
  const { data, isPending, isError, refetch } = query;
  const body = useRef<HTMLTableSectionElement>(null);
  // After every render: rows come and go with the data; each cell gets its column's heading.
  useLayoutEffect(() => {
    for (const tr of Array.from(body.current?.rows ?? [])) {
      Array.from(tr.cells).forEach((cell, i) => cell.setAttribute('data-label', columns[i] ?? ''));
    }
  });
  if (isPending) return <Spinner fullPage />;
  if (isError) return <ErrorState message={errorMessage} onRetry={() => void refetch()} />;
  if (!data || data.length === 0) return <p className="py-12 text-center text-lg">{emptyMessage}</p>;
  return (
    <>
      {intro?.(data)}
      <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-box border border-base-200">
        <table className="table table-cards">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body}>{data.map(row)}</tbody>
        </table>
      </div>
    </>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './queryClient.js';

/**
 * Layout route that provides the query cache to the data pages below it. It is
 * loaded lazily, so TanStack Query stays out of the home page's initial JS
 * (DESIGN.md "Weight budget"); the cache itself is one module-level client, so it
 * survives moving between pages.
 */
export default function QueryBoundary() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

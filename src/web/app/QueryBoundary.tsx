import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient.js';

/**
 * Wrapper that provides the query cache to the data pages inside it. It is
 * loaded lazily, so TanStack Query stays out of the home page's initial JS
 * (DESIGN.md "Weight budget"); the cache itself is one module-level client, so it
 * survives moving between pages.
 */
export default function QueryBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
    </QueryClientProvider>
  );
}

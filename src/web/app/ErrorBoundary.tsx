import { t } from '@lingui/core/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '../ui/ErrorPage.js';

interface State {
  error: unknown;
}

/**
 * Catches render errors (and failed page-chunk loads) below it and shows the
 * root error page style of SPEC.md §2 instead of a blank screen. Give it a `key`
 * that changes on navigation so the next page starts fresh.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorPage
          heading={t`Something went wrong`}
          message={t`This page could not be shown. Go back to the homepage, or reload the page to try again.`}
        />
      );
    }
    return this.props.children;
  }
}

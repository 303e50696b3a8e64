/**
 * Entry of the web client: auth provider, the routes (wouter follows the browser's history)
 * and the single toast host (loaded with the first toast, see `lib/toast.tsx`).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadRoute } from './routes.js';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { LazyToaster } from '../lib/toast.js';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The service worker (issue 20) after the page: its chunk is never part of the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('../features/pwa/register.js').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AuthProvider>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
        <LazyToaster />
      </AuthProvider>
    </StrictMode>,
  );
}

// Issue 21: a page opened directly renders once its lazy chunks are in (the server
// modulepreloads them for the food pages), not the layout with a spinner and the page a
// commit later. When a chunk fails, the render goes ahead and the page's error boundary says so.
const chunks = preloadRoute(window.location.pathname);
if (chunks) void chunks.then(() => render(root), () => render(root));
else render(root);

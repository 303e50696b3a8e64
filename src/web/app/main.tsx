/**
 * Entry of the web client: auth provider, the routes (wouter follows the browser's history)
 * and the single toast host (loaded with the first toast, see `lib/toast.tsx`).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './routes.js';
import { AuthProvider } from '../features/auth/AuthProvider.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { LazyToaster } from '../lib/toast.js';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The service worker after the page: its chunk is never part of the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('../features/pwa/register.js').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <ErrorBoundary>
        <AppRoutes />
      </ErrorBoundary>
      <LazyToaster />
    </AuthProvider>
  </StrictMode>,
);

/**
 * Entry of the web client: router and auth providers, the routes
 * and the single toast host (loaded with the first toast, see `lib/toast.tsx`).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.js';
import { AuthProvider } from './auth/AuthProvider.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { NavigationBridge } from './components/NavigationBridge.js';
import { LazyToaster } from './lib/toast.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <NavigationBridge />
      <AuthProvider>
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
        <LazyToaster />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>,
);

/** React's own `useSyncExternalStore`, standing in for the `use-sync-external-store` shim wouter imports (vite.config.ts alias). */
export { useSyncExternalStore } from 'react';

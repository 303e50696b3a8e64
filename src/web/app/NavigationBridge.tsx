import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation.js';

/** Hands the router's `navigate` to code outside React (see `lib/navigation.ts`). Renders nothing. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => void navigate(to, options)), [navigate]);
  return null;
}

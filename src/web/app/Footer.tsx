import { PRODUCT } from '../lib/title.js';

/** Footer of SPEC.md §1, centred on the base background. */
export function Footer() {
  return (
    <footer className="footer footer-center bg-base-200 p-6 text-base-content">
      <p>Copyright © 2024 - All right reserved by {PRODUCT}</p>
    </footer>
  );
}

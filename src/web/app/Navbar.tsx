import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useRoute } from 'wouter';
import { useAuth } from '../features/auth/useAuth.js';
import { PRODUCT } from '../lib/title.js';
import { Ring } from '../ui/Spinner.js';
import { withMessages } from '../lib/i18n.js';

/** The bar links of SPEC.md §2 "Layout", in order, in the interface language. */
const links = () => [
  { to: '/', label: t`Home` },
  { to: '/available-foods', label: t`Available Foods` },
  { to: '/add-food', label: t`Add Food` },
  { to: '/manage-my-foods', label: t`Manage My Foods` },
  { to: '/my-food-request', label: t`My Food Request` },
];

/** A bar link; the current page's (SPEC.md §2: highlighted in indigo) also has `aria-current="page"`. */
function NavItem({ to, label }: { to: string; label: string }) {
  const [isActive] = useRoute(to);
  return (
    <Link to={to} className={isActive ? 'font-semibold text-indigo-700' : ''} aria-current={isActive ? 'page' : undefined}>
      {label}
    </Link>
  );
}

const MENU_ID = 'nav-menu';

// Signed-in users only: the bell (TanStack Query, the live event stream), the avatar and
// Logout come in their own chunk (the home page's first JavaScript), with their texts (the `common` catalog).
const SignedInControls = lazy(withMessages(() => import('./SignedInControls.js'), ['common']));

/** Closes the small-screen menu once one of its links is followed (the SPA does not reload). */
function closeAfterLink(e: MouseEvent<HTMLUListElement>) {
  if ((e.target as Element).closest('a')) e.currentTarget.hidePopover();
}

/** The spec's five links, and for moderators a sixth to the moderation queue. */
function NavLinks() {
  const { user } = useAuth();
  const shown = user?.role === 'moderator' ? [...links(), { to: '/moderation', label: t`Moderation` }] : links();
  return shown.map(({ to, label }) => (
    <li key={to}>
      <NavItem to={to} label={label} />
    </li>
  ));
}

/**
 * The navigation bar of SPEC.md §2: logo and product name linking to /, the five
 * links (a dropdown menu below the xl breakpoint, 1280 px, where the longer languages fit the bar), and Login, or the user's
 * avatar (a link to /profile) and a Logout button.
 */
export function Navbar() {
  const { user, loading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const busy = <Ring className="size-6 border-[3px] text-base-content/60" />;

  return (
    <nav aria-label={t`Main`} className="navbar mx-auto max-w-7xl gap-1 px-2 sm:gap-2 sm:px-4 lg:px-6">
      {/* The halves share what the links leave; the end keeps its controls whole and the start gives way
          (the product name shortens, never slides under them), so no label overlaps another in any
          language. Below 640 px the controls are the small size, which leaves the name whole. */}
      <div className="navbar-start w-auto min-w-0 flex-1 gap-1">
        {/* daisyUI's popover dropdown: the browser handles open state, Escape and outside clicks. */}
        <button
          type="button"
          className="btn btn-ghost btn-square btn-sm sm:btn-md xl:hidden"
          aria-label={t`Menu`}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          popoverTarget={MENU_ID}
          style={{ anchorName: '--nav-menu' }}
        >
          <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
        <ul
          id={MENU_ID}
          popover="auto"
          onClick={closeAfterLink}
          onToggle={(e) => setMenuOpen(e.newState === 'open')}
          className="dropdown menu mt-2 nav-links w-56 rounded-box border border-base-200 bg-base-100 p-2 shadow-lg"
          style={{ positionAnchor: '--nav-menu' }}
        >
          <NavLinks />
        </ul>
        <Link to="/" className="btn btn-ghost min-w-0 shrink gap-2 px-2 text-xl font-bold">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
          <span className="truncate">{PRODUCT}</span>
        </Link>
      </div>
      <div className="navbar-center hidden xl:flex">
        <ul className="menu menu-horizontal gap-1 px-1 nav-links">
          <NavLinks />
        </ul>
      </div>
      <div className="navbar-end w-auto flex-1 gap-2 whitespace-nowrap sm:gap-3">
        {user ? (
          <Suspense fallback={busy}>
            <SignedInControls user={user} />
          </Suspense>
        ) : loading ? (
          busy
        ) : (
          <Link to="/login" className="btn btn-primary">
            <Trans>Login</Trans>
          </Link>
        )}
      </div>
    </nav>
  );
}

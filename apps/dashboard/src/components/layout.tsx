import type { ComponentChildren } from 'preact';
import { Link, useRoute } from 'wouter-preact';
import { ROUTES } from '../routes.js';
import { useSession } from '../session/session-context.js';

function NavLink({ href, children }: { href: string; children: ComponentChildren }) {
  const [exact] = useRoute(href);
  const [nested] = useRoute(`${href}/*`);
  const active = exact || (href !== '/' && nested);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined} class={active ? 'nav-link active' : 'nav-link'}>
      {children}
    </Link>
  );
}

/**
 * The page frame: a skip link, the header with the navigation and who is
 * signed in, and the `main` landmark holding the page.
 */
export function Layout({ children }: { children: ComponentChildren }) {
  const { session, admin, signOut } = useSession();
  const who = session.kind === 'admin' ? 'Operator' : `${session.account?.name ?? 'Franchisor'} · key ${session.keyPrefix ?? ''}`;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="app-header">
        <p class="brand">locscore</p>
        <nav aria-label="Main">
          <NavLink href={ROUTES.overview}>Overview</NavLink>
          {admin !== null && <NavLink href={ROUTES.keys}>Keys</NavLink>}
          <NavLink href={ROUTES.requests}>Requests</NavLink>
          <NavLink href={ROUTES.score}>Score and compare</NavLink>
          {admin === null && <NavLink href={ROUTES.units}>Units</NavLink>}
          {admin === null && <NavLink href={ROUTES.opportunities}>Opportunities</NavLink>}
        </nav>
        <div class="who">
          <span>{who}</span>
          <button type="button" class="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

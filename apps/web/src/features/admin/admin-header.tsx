import { Link, NavLink } from 'react-router';
import { LogoMark } from '../../ui/logo';
import { ADMIN_PATHS } from './admin-paths';

const sections = [
  { to: ADMIN_PATHS.findPeople, label: 'Find a person' },
  { to: ADMIN_PATHS.feedback, label: 'Feedback' },
  { to: ADMIN_PATHS.auditLog, label: 'Audit log' },
  { to: ADMIN_PATHS.clientErrors, label: 'Errors' },
] as const;

/** The console's own bar: its name, its sections once access is known, and the way back to the app. */
export function AdminHeader({ withNavigation }: { withNavigation: boolean }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to={ADMIN_PATHS.findPeople}
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-ink"
        >
          <LogoMark className="size-6" />
          Support console
        </Link>
        {withNavigation ? (
          <nav aria-label="Support console" className="order-last w-full md:order-none md:w-auto">
            <ul className="-mx-2 flex flex-wrap gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end
                    className="block rounded-full px-3 py-2 text-sm font-medium text-muted hover:bg-accent-soft hover:text-ink aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent-strong"
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Link
          to="/"
          className="ml-auto rounded-md text-sm font-semibold text-accent underline-offset-2 hover:text-accent-strong hover:underline"
        >
          Back to Stillpoint
        </Link>
      </div>
    </header>
  );
}

import { NavLink } from 'react-router';
import { buttonStyles } from '../../ui/button-styles';
import { navigationLinks, SIGN_OUT_PATH } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-accent-soft text-accent-strong' : 'text-muted hover:bg-accent-soft/60 hover:text-ink'
  }`;

interface NavigationLinksProps {
  /** Called after a link is chosen, so the mobile menu can close. */
  onNavigate?: () => void;
  layout: 'row' | 'column';
}

/** The signed-in links; NavLink marks the current one with aria-current="page". */
export function NavigationLinks({ onNavigate, layout }: NavigationLinksProps) {
  const list = layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1';
  return (
    <ul className={list}>
      {navigationLinks.map((link) => (
        <li key={link.to} className="flex flex-col">
          {/* `end` keeps Home from matching every path under /. */}
          <NavLink to={link.to} end className={linkClass} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li className={layout === 'row' ? 'ml-2' : 'mt-2 flex flex-col'}>
        <NavLink to={SIGN_OUT_PATH} className={buttonStyles('secondary')} onClick={onNavigate}>
          Sign out
        </NavLink>
      </li>
    </ul>
  );
}

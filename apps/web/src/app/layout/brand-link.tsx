import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { LogoMark } from '../../ui/logo';

/**
 * The logo and name, linking home; the same in the signed-in header and on standalone pages.
 * `compact` shows the logo alone below 640px, making room beside it (its label still names it).
 */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      aria-label={`${brand.name} home`}
      className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-ink"
    >
      <LogoMark />
      <span className={compact ? 'max-sm:hidden' : undefined}>{brand.name}</span>
    </Link>
  );
}

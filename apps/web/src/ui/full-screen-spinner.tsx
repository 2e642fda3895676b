import { Spinner } from './spinner';

/**
 * Covers the page while something the whole screen depends on (auth, lazy route) loads. `title`
 * names the tab meanwhile, so the tab and a screen reader never keep the previous page's name.
 */
export function FullScreenSpinner({ label, title }: { label?: string; title?: string }) {
  return (
    <div className="fixed inset-0 grid place-items-center bg-paper">
      {title ? <title>{title}</title> : null}
      <Spinner label={label} className="size-10" />
    </div>
  );
}

import { Spinner } from './Spinner';

/** Covers the page while something the whole screen depends on (auth, lazy route) loads. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="fixed inset-0 grid place-items-center bg-paper">
      <Spinner label={label} className="size-10" />
    </div>
  );
}

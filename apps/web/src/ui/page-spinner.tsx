import { Spinner } from './spinner';

/**
 * A page's content loading under a header that is already drawn: unlike FullScreenSpinner it
 * leaves the header in view, so the page shows something of itself from its first paint.
 */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-[60dvh] place-items-center">
      <Spinner label={label} className="size-10" />
    </div>
  );
}

interface SignInAlertProps {
  /** What went wrong, in words (authErrorMessage); nothing shows while null. */
  message: string | null;
  /** A first line above the message, e.g. SPEC §8's 'Error, please try again' for phone sign-in. */
  title?: string;
}

/**
 * An error under a sign-in step. The live region is always in the page, so screen readers announce
 * each new message rather than missing one inserted along with its container.
 */
export function SignInAlert({ message, title }: SignInAlertProps) {
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <div className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          {title ? <p className="font-semibold">{title}</p> : null}
          <p>{message}</p>
        </div>
      ) : null}
    </div>
  );
}

import { useAuth } from '../../lib/auth/auth-context';
import { Button } from '../../ui/button';

/** A checkout link made for someone else (its uid is not the signed-in person's): never paid for by the wrong account. */
export function OtherAccountNotice() {
  const auth = useAuth();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface p-6 text-center shadow-sm">
      <p role="alert" className="text-ink">
        This checkout link was made for a different account than the one signed in here. Sign out, then sign
        in with the account you use in the app.
      </p>
      <Button variant="secondary" onClick={() => void auth.signOut()}>
        Sign out
      </Button>
    </div>
  );
}

import { Link } from 'react-router';
import { documentTitle } from '../../lib/document-title';
import { buttonStyles } from '../../ui/button-styles';

/** What a signed-in person who is no admin sees at /admin: why, and the way home. */
export function AdminForbidden() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 py-10">
      <title>{documentTitle('No access')}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        You don't have access to the support console
      </h1>
      <p className="text-muted">
        The support console is for the team that helps Stillpoint's customers. If you should have access, ask
        the team to add your account.
      </p>
      <Link to="/" className={buttonStyles('primary')}>
        Go to your home page
      </Link>
    </div>
  );
}

import { legalInline } from '@stillpoint/core';
import { Link } from 'react-router';

const linkStyle = 'font-medium text-accent underline underline-offset-4 hover:text-accent-strong';

/**
 * A piece of legal text with its links and bold words (core's legalInline). A page of this site
 * opens in the app; an address elsewhere opens in a new tab.
 */
export function LegalText({ text }: { text: string }) {
  return legalInline(text).map((part, index) => {
    // The parts of one fixed text never move, so their position is their identity.
    const key = index;
    if (typeof part === 'string') return part;
    if ('strong' in part)
      return (
        <strong key={key} className="font-semibold text-ink">
          {part.strong}
        </strong>
      );
    if (part.href.startsWith('/'))
      return (
        <Link key={key} to={part.href} className={linkStyle}>
          {part.label}
        </Link>
      );
    if (part.href.startsWith('https://'))
      return (
        <a key={key} href={part.href} target="_blank" rel="noopener noreferrer" className={linkStyle}>
          {part.label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    return (
      <a key={key} href={part.href} className={linkStyle}>
        {part.label}
      </a>
    );
  });
}

import { useLayoutEffect } from 'react';

/**
 * Sets the browser tab title while the page is shown, e.g. documentTitle('Gift'). Set from an
 * effect rather than a `<title>` element: only React 19 hoists one into the head, and the app
 * runs on Preact (decision 031).
 */
export function DocumentTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}

import type { ReactNode } from 'react';

interface PageProps {
  /** The browser tab title, e.g. documentTitle('Gift'). */
  title: string;
  heading: ReactNode;
  children?: ReactNode;
}

/** A page's tab title and top heading. The layout around it sets the column width. */
export function Page({ title, heading, children }: PageProps) {
  return (
    <div className="px-4 py-10 sm:px-6 md:py-14">
      <title>{title}</title>
      <h1 className="text-balance text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{heading}</h1>
      {children}
    </div>
  );
}

import { type LegalBlock, type LegalDocument, legalDate } from '@stillpoint/core';
import { type ReactNode, useId } from 'react';
import { CookieSettingsButton } from '../../lib/cookie-banner/cookie-settings-button';
import { documentTitle } from '../../lib/document-title';
import { Footer } from '../../lib/footer/footer';
import { buttonStyles } from '../../ui/button-styles';
import { DataKindList } from './data-kind-list';
import { LegalText } from './legal-text';
import { ProcessorList } from './processor-list';

interface LegalPageProps {
  document: LegalDocument;
  /** Shown beside the last-updated date, e.g. the terms' version. */
  version?: string;
}

/**
 * A legal page (/privacy, /terms) drawn from core's text: the heading, when it last changed, what
 * it is and is not, a table of contents, then each section under its own anchor. Text keeps to a
 * readable line length at every width.
 */
export function LegalPage({ document, version }: LegalPageProps) {
  const contentsId = useId();
  return (
    <article className="px-4 py-10 sm:px-6 md:py-14">
      <title>{documentTitle(document.title)}</title>
      <header className="flex max-w-prose flex-col gap-4">
        <h1 className="text-balance text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          {document.title}
        </h1>
        <p className="text-sm text-muted">
          Last updated <time dateTime={document.lastUpdated}>{legalDate(document.lastUpdated)}</time>
          {version ? <> · Version {version}</> : null}
        </p>
        <p className="text-lg leading-relaxed text-muted">
          <LegalText text={document.intro} />
        </p>
        <p className="rounded-xl bg-accent-soft px-4 py-3 text-[0.9375rem] leading-relaxed text-ink">
          <LegalText text={document.notLegalAdvice} />
        </p>
      </header>

      <nav
        aria-labelledby={contentsId}
        className="mt-10 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      >
        <h2 id={contentsId} className="text-base font-semibold text-ink">
          On this page
        </h2>
        <ol className="mt-3 list-decimal gap-x-10 pl-6 text-[0.9375rem] text-muted marker:text-muted sm:columns-2">
          {document.sections.map((section) => (
            <li key={section.id} className="break-inside-avoid">
              <a
                href={`#${section.id}`}
                className="inline-block py-1 font-medium text-accent underline-offset-4 hover:underline"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {document.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-12 scroll-mt-6"
        >
          <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight text-ink">
            {section.heading}
          </h2>
          {section.blocks.map((block) => (
            <Block key={blockKey(block)} block={block} />
          ))}
        </section>
      ))}

      <Footer />
    </article>
  );
}

/** A block's identity: its text, which no other block of a section repeats. */
function blockKey(block: LegalBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'cookieSettings':
      return block.text;
    case 'list':
      return block.items.join('\n');
    default:
      return block.kind;
  }
}

const prose = 'mt-4 max-w-prose text-base leading-relaxed text-ink';

function Block({ block }: { block: LegalBlock }): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className={prose}>
          <LegalText text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className={`${prose} flex list-disc flex-col gap-2 pl-5 marker:text-muted`}>
          {block.items.map((item) => (
            <li key={item}>
              <LegalText text={item} />
            </li>
          ))}
        </ul>
      );
    case 'dataKinds':
      return <DataKindList kinds={block.kinds} />;
    case 'processors':
      return <ProcessorList processors={block.processors} />;
    case 'cookieSettings':
      return (
        <div className="mt-5 flex max-w-prose flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-5">
          <p className="text-base leading-relaxed text-ink">
            <LegalText text={block.text} />
          </p>
          <CookieSettingsButton className={buttonStyles('secondary')}>
            Change cookie settings
          </CookieSettingsButton>
        </div>
      );
  }
}

import { useEffect, useRef, useState } from 'react';
import { useExtension } from '../../../lib/auth/use-extension';
import { brand } from '../../../lib/brand';
import { canInstallExtension } from '../../../lib/browser';
import { useExtensionStorePage } from '../../../lib/extension-store';
import { buttonStyles } from '../../../ui/button-styles';

/**
 * In desktop Chrome without the extension, home says the sites and feeds need it and links to the
 * Chrome Web Store. It keeps looking while shown, and once the extension turns up (installed from
 * the link in another tab) it says so and goes quiet.
 */
export function ExtensionPrompt({ installable = canInstallExtension() }: { installable?: boolean }) {
  const extensionStatus = useExtension({ poll: installable });
  const storePage = useExtensionStorePage();
  const wasMissing = useRef(false);
  const [justInstalled, setJustInstalled] = useState(false);

  useEffect(() => {
    if (extensionStatus === 'missing') wasMissing.current = true;
    if (extensionStatus === 'installed' && wasMissing.current) setJustInstalled(true);
  }, [extensionStatus]);

  if (!installable) return null;
  if (justInstalled) {
    return (
      <p
        role="status"
        className="rounded-2xl border border-accent/20 bg-accent-soft px-5 py-4 text-sm font-semibold text-accent-strong"
      >
        The {brand.name} extension is connected. Your sites and feeds are covered in this browser.
      </p>
    );
  }
  if (extensionStatus !== 'missing') return null;

  return (
    <section
      aria-labelledby="extension-prompt-heading"
      className="flex flex-col gap-4 rounded-2xl border border-accent/20 bg-accent-soft p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="extension-prompt-heading" className="font-semibold text-ink">
          Add {brand.name} to Chrome
        </h2>
        <p className="text-sm text-muted">
          The extension is what pauses your sites and hides the feeds. Add it, then come back to this tab: it
          connects by itself.
        </p>
      </div>
      <a
        href={storePage}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles('primary', 'shrink-0')}
      >
        Add to Chrome
        <span className="sr-only"> (opens the Chrome Web Store in a new tab)</span>
      </a>
    </section>
  );
}

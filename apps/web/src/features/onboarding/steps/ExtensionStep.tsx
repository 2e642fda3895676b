import { useEffect } from 'react';
import { useExtension } from '../../../lib/auth/useExtension';
import { brand } from '../../../lib/brand';
import { Button } from '../../../ui/Button';
import { buttonStyles } from '../../../ui/buttonStyles';
import { Spinner } from '../../../ui/Spinner';
import { StepLayout } from '../StepLayout';

interface ExtensionStepProps {
  /** Desktop Chrome; anywhere else the step is left for home (SPEC §4). */
  installable: boolean;
  onNext(): void;
  onLeave(): void;
}

/**
 * DOWNLOAD_EXTENSION: links to the Chrome Web Store and looks for the extension every 3 s
 * (SPEC §4). Once found (and signed in as this person) it thanks them and offers Continue.
 */
export function ExtensionStep({ installable, onNext, onLeave }: ExtensionStepProps) {
  const extensionStatus = useExtension({ poll: installable });
  useEffect(() => {
    if (!installable) onLeave();
  }, [installable, onLeave]);
  if (!installable) return null;

  if (extensionStatus === 'installed') {
    return (
      <StepLayout
        title={`Thanks for adding ${brand.name}!`}
        lead="The extension is installed and signed in. Next, choose what it should do."
        actions={<Button onClick={onNext}>Continue</Button>}
      />
    );
  }

  return (
    <StepLayout
      title={`Add ${brand.name} to Chrome`}
      lead="The extension is what pauses your distracting sites and hides their feeds. It takes a few seconds."
    >
      <ol className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-ink">
        <li>1. Open the Chrome Web Store and choose “Add to Chrome”.</li>
        <li>2. Confirm with “Add extension”.</li>
        <li>3. Come back to this tab: it moves on by itself.</li>
      </ol>
      <div className="flex flex-col items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3 text-sm text-muted" aria-live="polite">
          <Spinner label="Waiting for the extension" className="size-5" />
          Waiting for the extension…
        </p>
        <a
          href={brand.chromeWebStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles('primary')}
        >
          Add to Chrome
          <span className="sr-only"> (opens the Chrome Web Store in a new tab)</span>
        </a>
      </div>
    </StepLayout>
  );
}

import { useEffect } from 'react';
import { useExtension } from '../../../lib/auth/use-extension';
import { brand } from '../../../lib/brand';
import { useExtensionStorePage } from '../../../lib/extension-store';
import { Button } from '../../../ui/button';
import { buttonStyles } from '../../../ui/button-styles';
import { Spinner } from '../../../ui/spinner';
import { StepLayout } from '../../../ui/step-layout';

interface ExtensionStepProps {
  /** Desktop Chrome; anywhere else the step is left for home (SPEC §4). */
  installable: boolean;
  onNext(): void;
  onLeave(): void;
}

/**
 * DOWNLOAD_EXTENSION: links to the Chrome Web Store and looks for the extension every 3 s
 * (SPEC §4). Once found (and signed in as this person) it thanks them and offers Continue;
 * until then "I'll add it later" goes on to the next step without it.
 */
export function ExtensionStep({ installable, onNext, onLeave }: ExtensionStepProps) {
  const extensionStatus = useExtension({ poll: installable });
  const storePage = useExtensionStorePage();
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
      actions={
        <>
          {/* Never a dead end: the settings that follow are saved to the account and apply once
              the extension is added; home keeps offering it. */}
          <Button variant="ghost" onClick={onNext}>
            I'll add it later
          </Button>
          <a href={storePage} target="_blank" rel="noopener noreferrer" className={buttonStyles('primary')}>
            Add to Chrome
            <span className="sr-only"> (opens the Chrome Web Store in a new tab)</span>
          </a>
        </>
      }
    >
      <ol className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-ink">
        <li>1. Open the Chrome Web Store and choose “Add to Chrome”.</li>
        <li>2. Confirm with “Add extension”.</li>
        <li>3. Come back to this tab: it moves on by itself.</li>
      </ol>
      <p className="flex items-center gap-3 text-sm text-muted" aria-live="polite">
        <Spinner label="Waiting for the extension" className="size-5" />
        Waiting for the extension…
      </p>
    </StepLayout>
  );
}

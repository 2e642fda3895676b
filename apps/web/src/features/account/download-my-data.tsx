import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { callApi } from '../../lib/api';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-footer';
import { saveAccountExport } from './account-export-file';

export const EXPORT_FAILED_TITLE = "We couldn't prepare your data.";

/** "Download my data": everything kept about the person, as one JSON file. */
export function DownloadMyData() {
  const headingId = useId();
  const press = usePress();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function download() {
    if (!press.start()) return;
    setPreparing(true);
    setError(null);
    setSaved(null);
    try {
      const data = await callApi('exportAccount');
      setSaved(saveAccountExport(data));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Try again in a moment.');
    } finally {
      setPreparing(false);
      press.end();
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        Download my data
      </h2>
      <p className="max-w-prose text-muted">
        A copy of everything Stillpoint keeps about you (your sites, pauses, settings, answers and purchases)
        as one JSON file you can open in any text editor.
      </p>
      <div>
        <Button variant="secondary" onClick={() => void download()} loading={preparing}>
          {preparing ? null : <Download aria-hidden="true" className="size-4" />}
          {preparing ? 'Preparing your data…' : 'Download my data'}
        </Button>
      </div>
      <p role="status" className="text-sm text-accent-strong empty:hidden">
        {saved ? `Saved ${saved}.` : null}
      </p>
      <FormError message={error} title={error ? EXPORT_FAILED_TITLE : undefined} />
    </section>
  );
}

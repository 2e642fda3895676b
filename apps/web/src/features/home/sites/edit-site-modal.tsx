import type { CustomSite } from '@stillpoint/core';
import { lazy, useCallback, useRef } from 'react';
import { track } from '../../../lib/analytics/track';
import { Modal } from '../../../ui/modal';

/** Starts loading the form (react-hook-form, zod) as the dialog opens, beside the dialog's own code. */
export const loadEditSiteForm = () => import('./edit-site-form');
const EditSiteForm = lazy(() => loadEditSiteForm().then((module) => ({ default: module.EditSiteForm })));

interface EditSiteModalProps {
  /** The site being edited; null closes the dialog. */
  site: CustomSite | null;
  onClose(reason: 'cancel' | 'saved' | 'deleted'): void;
}

/** The Edit site dialog (SPEC §2); tracks closeEditSiteModal however it closes. */
export function EditSiteModal({ site, onClose }: EditSiteModalProps) {
  const busy = useRef(false);
  const close = useCallback(
    (reason: 'cancel' | 'saved' | 'deleted') => {
      track('closeEditSiteModal', { reason });
      onClose(reason);
    },
    [onClose],
  );
  const onBusyChange = useCallback((next: boolean) => {
    busy.current = next;
  }, []);

  return (
    <Modal
      open={site !== null}
      onOpenChange={(next) => {
        if (!next && !busy.current) close('cancel');
      }}
      title="Edit site"
    >
      {site ? <EditSiteForm key={site.id} site={site} onDone={close} onBusyChange={onBusyChange} /> : null}
    </Modal>
  );
}

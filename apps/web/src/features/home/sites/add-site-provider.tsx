import {
  createContext,
  lazy,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { track } from '../../../lib/analytics/track';
import { Modal } from '../../../ui/modal';

// The form and its checks (react-hook-form, zod: about 40 KB gzipped) load when the dialog is first
// opened, not with home; the dialog shows once both are in.
const loadAddSiteForm = () => import('./add-site-form');
const AddSiteForm = lazy(() => loadAddSiteForm().then((module) => ({ default: module.AddSiteForm })));

interface AddSite {
  /**
   * Opens the Add Site modal. With `prefill` the Site field starts with that text (for example a
   * domain chip on the phone card: `openAddSite('youtube.com')`); without it the field is empty.
   */
  openAddSite(prefill?: string): void;
}

const AddSiteContext = createContext<AddSite | null>(null);

/**
 * Lets anything on the home page open the one Add Site modal (SPEC §2):
 *
 *   const { openAddSite } = useAddSite();
 *   <button onClick={() => openAddSite(domain)}>+</button>
 *
 * HomePage mounts <AddSiteProvider> around the whole page, so useAddSite() works anywhere in it.
 * On success the site list reloads and the extension is told to drop its cached copy.
 */
export function useAddSite(): AddSite {
  const context = useContext(AddSiteContext);
  if (!context) throw new Error('useAddSite needs an <AddSiteProvider> above it.');
  return context;
}

export function AddSiteProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // A fresh form per opening, so a cancelled attempt leaves nothing behind.
  const [opening, setOpening] = useState({ count: 0, prefill: '' });
  const busy = useRef(false);

  const openAddSite = useCallback((prefill?: string) => {
    busy.current = false;
    void loadAddSiteForm();
    setOpening(({ count }) => ({ count: count + 1, prefill: prefill?.trim() ?? '' }));
    setOpen(true);
    track('viewAddSiteModal', prefill ? { prefilled: true } : {});
  }, []);

  const close = useCallback((reason: 'cancel' | 'added') => {
    setOpen(false);
    track('closeAddSiteModal', { reason });
  }, []);

  const value = useMemo(() => ({ openAddSite }), [openAddSite]);

  return (
    <AddSiteContext value={value}>
      {children}
      <Modal
        open={open}
        onOpenChange={(next) => {
          // While the site is being added, Escape and outside clicks wait for the answer.
          if (!next && !busy.current) close('cancel');
        }}
        title="Add a site"
        description="Each visit starts with a short pause, and you choose how many sessions a day it gets."
      >
        <AddSiteForm
          key={opening.count}
          prefill={opening.prefill}
          onAdded={() => close('added')}
          onCancel={() => close('cancel')}
          onBusyChange={(next) => {
            busy.current = next;
          }}
        />
      </Modal>
    </AddSiteContext>
  );
}

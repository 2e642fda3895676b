import { browser } from 'wxt/browser';
import { buildConfig } from '@/src/config';
import { sitesNeedingAccess } from '@/src/intercept/site-access';
import { POPUP_REFRESH } from '@/src/internal-messages';
import { popupModel } from '@/src/popup/model';
import { renderPopup } from '@/src/popup/render';
import { createStore } from '@/src/store';

const store = createStore(browser.storage.local);
const container = document.getElementById('popup');

async function render() {
  if (!container) return;
  const [auth, cache, localSessions, settings, syncStatus] = await Promise.all([
    store.getAuth(),
    store.getSites(),
    store.getLocalSessions(),
    store.getSettings(),
    store.getSyncStatus(),
  ]);
  const lacking = auth && cache ? await sitesNeedingAccess(browser.permissions, cache.sites) : [];
  renderPopup(
    document,
    container,
    popupModel({
      auth,
      cache,
      localSessions,
      settings,
      syncStatus,
      defaultOrigin: buildConfig.defaultOrigin,
      now: Date.now(),
      withoutAccess: new Set(lacking.map((site) => site.id)),
    }),
    {
      // Chrome shows its prompt; the worker rewrites the rules and this page re-renders once the
      // permissions change (below). A refusal leaves everything as it was.
      grantAccess: (patterns) => {
        void browser.permissions.request({ origins: patterns }).catch(() => false);
      },
    },
  );
}

// Show what is stored at once, then ask the worker for fresh data; storage changes re-render.
void render();
browser.storage.onChanged.addListener((_changes, area) => {
  if (area === 'local') void render();
});
browser.permissions.onAdded.addListener(() => void render());
browser.permissions.onRemoved.addListener(() => void render());
void browser.runtime.sendMessage({ type: POPUP_REFRESH }).catch(() => undefined);

import { browser } from 'wxt/browser';
import { handOffAddress, runFirstScreen, whenVisible } from '@/src/breathe/first-screen';
import { buildConfig } from '@/src/config';

/**
 * Breathe's first screen (decision 035): painted from the extension's own files as soon as a
 * redirect rule lands here, then replaced by the web app's /breathe, which carries on the pause.
 */
const byId = (id: string) => document.getElementById(id) as HTMLElement;

async function handOff(startedAt: number) {
  // The store (and its schemas) load after the paint; the page needs none of it to draw.
  const { createStore } = await import('@/src/store');
  const auth = await createStore(browser.storage.local)
    .getAuth()
    .catch(() => null);
  // Replace: Back leaves the pause rather than landing on this screen again.
  location.replace(handOffAddress(auth?.origin ?? buildConfig.defaultOrigin, location, startedAt));
}

whenVisible(document, () => {
  const startedAt = Date.now();
  runFirstScreen(
    {
      destination: byId('destination'),
      circle: byId('circle'),
      phase: byId('phase'),
      secondsLeft: byId('seconds-left'),
    },
    location,
    startedAt,
  );
  // After the first frame: the web app's page loads while this one is already on screen.
  requestAnimationFrame(() => setTimeout(() => void handOff(startedAt), 0));
});

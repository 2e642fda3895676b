import { handOffAddress, runFirstScreen, whenOnline, whenVisible } from '@/src/breathe/first-screen';

/**
 * Breathe's first screen (decision 035): painted from the extension's own files as soon as a
 * redirect rule lands here, then replaced by the web app's /breathe, which carries on the pause.
 * It imports only the drawing, so it runs as early as it can; what the hand-over needs loads after
 * the paint.
 */
const byId = (id: string) => document.getElementById(id) as HTMLElement;

async function handOff(startedAt: number) {
  const [{ browser }, { buildConfig }, { createStore }] = await Promise.all([
    import('wxt/browser'),
    import('@/src/config'),
    import('@/src/store'),
  ]);
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
  requestAnimationFrame(() =>
    setTimeout(() => whenOnline(window, byId('offline'), () => void handOff(startedAt)), 0),
  );
});

import { handOffAddress, runFirstScreen, whenReachable, whenVisible } from '@/src/breathe/first-screen';

/**
 * Breathe's first screen (decision 035): painted from the extension's own files as soon as a
 * redirect rule lands here, then replaced by the web app's /breathe, which carries on the pause.
 * It imports only the drawing, so it runs as early as it can; what the hand-over needs loads after
 * the paint.
 */
const byId = (id: string) => document.getElementById(id) as HTMLElement;

/** The web app the person signed in from, or the build's own. */
async function webAppOrigin(): Promise<string> {
  const [{ browser }, { buildConfig }, { createStore }] = await Promise.all([
    import('wxt/browser'),
    import('@/src/config'),
    import('@/src/store'),
  ]);
  const auth = await createStore(browser.storage.local)
    .getAuth()
    .catch(() => null);
  return auth?.origin ?? buildConfig.defaultOrigin;
}

async function handOff(startedAt: number) {
  const origin = await webAppOrigin();
  whenReachable(
    {
      window,
      // The extension may read any site's answer (its host permissions), so a server error from a
      // proxy in front of a stopped server counts as not reachable, as no answer at all does.
      reachable: (giveUp) =>
        fetch(origin, { method: 'HEAD', cache: 'no-store', credentials: 'omit', signal: giveUp }).then(
          (response) => response.status < 500,
          () => false,
        ),
    },
    { offline: byId('offline'), unreachable: byId('unreachable') },
    // Replace: Back leaves the pause rather than landing on this screen again.
    () => location.replace(handOffAddress(origin, location, startedAt)),
  );
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

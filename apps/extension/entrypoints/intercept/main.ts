import { buildConfig, isAllowedWebAppOrigin } from '@/src/config';
import { breatheUrlFromInterceptPage } from '@/src/intercept/breathe-url';

// A redirect rule sent an intercepted navigation here; forward it to the breathe page at once,
// replacing this page in history so Back never lands on it.
const target = breatheUrlFromInterceptPage(window.location, (origin) =>
  isAllowedWebAppOrigin(buildConfig, origin),
);
if (target) window.location.replace(target);
else document.querySelector('main')?.removeAttribute('hidden');

// `npm run seed:demo`: creates or refreshes the demo person (+1 555 555 0100, code 123456) with
// sites, sessions, feed blocking, a streak, screen time and phone apps. Development only.
import { brand } from '@stillpoint/core';
import { buildApp } from '../src/app';
import { type Config, ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { DEMO_ADMIN_PHONE_NUMBER, DEMO_CODE, DEMO_PHONE_NUMBER, seedDemo } from '../src/demo/seed-demo';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The demo number must sign in with its fixed code here, whatever TEST_PHONE_NUMBERS says. */
const seedConfig = (config: Config): Config => ({
  ...config,
  logLevel: 'error',
  webDistDir: null,
  auth: {
    ...config.auth,
    devIdentityProvider: false,
    testPhoneNumbers: new Map([
      ...config.auth.testPhoneNumbers,
      [DEMO_PHONE_NUMBER, DEMO_CODE],
      [DEMO_ADMIN_PHONE_NUMBER, DEMO_CODE],
    ]),
  },
});

async function main(): Promise<void> {
  // Checked before anything else: production configuration must never be touched by demo data.
  if (process.env.APP_ENV === 'production') {
    fail('The demo data is for development and testing; it refuses to run with APP_ENV=production.');
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.isProduction) fail('The demo data refuses to run in production.');

  const database = await openDatabase(config.database).catch((error: unknown) => {
    if (error instanceof DataDirInUseError) {
      fail(
        `The database in ${error.dataDir} is in use by a running ${brand.name} server (pid ${error.holderPid}). ` +
          'PGlite allows one process at a time: stop the server (Ctrl-C in its terminal), run ' +
          '`npm run seed:demo` again, then start the server with `npm start`.',
      );
    }
    throw error;
  });
  const app = await buildApp({ config: seedConfig(config), database });
  try {
    await app.ready();
    const summary = await seedDemo(app, database.db);
    const signsIn = config.auth.testPhoneNumbers.get(DEMO_PHONE_NUMBER) === DEMO_CODE;
    console.log(
      `Demo data ready: ${summary.sites} sites, ${summary.apps} phone apps, for the person signed in as ${DEMO_PHONE_NUMBER}.`,
    );
    console.log(
      signsIn
        ? `Start the server (npm start) and sign in at ${config.publicUrl}/signin with +1 555 555 0100 and code ${DEMO_CODE}.`
        : `Note: TEST_PHONE_NUMBERS does not include ${DEMO_PHONE_NUMBER}:${DEMO_CODE}, so the running server will send a real code to that number.`,
    );
    const adminSignsIn = config.auth.testPhoneNumbers.get(DEMO_ADMIN_PHONE_NUMBER) === DEMO_CODE;
    console.log(
      summary.admin.isAdmin && adminSignsIn
        ? `The support console: sign in at ${config.publicUrl}/signin with +1 555 555 0101 and code ${DEMO_CODE}, then open ${config.publicUrl}/admin and search for +1 555 555 0100 (docs/support.md).`
        : `Note: the demo admin ${DEMO_ADMIN_PHONE_NUMBER} is not an admin here (ADMIN_SIGN_INS or TEST_PHONE_NUMBERS is set otherwise); see docs/support.md.`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('The demo data could not be written:', error);
  process.exit(1);
});

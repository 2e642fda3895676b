import { z } from 'zod/mini';

/**
 * The schemas are built with zod's smaller form (`zod/mini`), which carries no messages of its own:
 * a check without a message of ours reads "Invalid input". The server loads zod's English
 * messages, so its 400 answers say what is wrong ("Unrecognized key: …"). The web app and the
 * extension do not: they check only the server's answers, and never show zod's words to anyone.
 */
export function loadEnglishValidationMessages(): void {
  z.config(z.locales.en());
}

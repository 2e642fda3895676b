/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which configuration set the web app was built for; see src/lib/env.ts. */
  readonly VITE_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which configuration set the web app was built for; see src/lib/env.ts. */
  readonly VITE_APP_ENV?: string;
  /** The TikTok pixel id the funnel's ad events name; see src/lib/env.ts. */
  readonly VITE_TIKTOK_PIXEL_CODE?: string;
  /** The build's name in error reports; see src/lib/client-errors/release.ts. */
  readonly VITE_RELEASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

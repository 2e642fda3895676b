/** The host a person recognises: 'https://www.youtube.com' → 'www.youtube.com'; null if unreadable. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

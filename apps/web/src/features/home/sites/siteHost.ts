/** The host a person recognises from a stored origin: 'https://www.youtube.com' → 'www.youtube.com'. */
export function siteHost(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}

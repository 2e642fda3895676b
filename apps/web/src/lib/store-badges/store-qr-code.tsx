import { QRCodeSVG } from 'qrcode.react';
import { useAppLinks } from '../app-links';
import { brand } from '../brand';
import { MEDIUM_WIDTH_QUERY, useMediaQuery } from '../use-media-query';
import { type Store, storeInText, storeUrl } from './stores';

// The theme's ink on white: dark enough for every phone camera, and the white is the quiet zone.
const INK = '#1c2628';
// The drawn size in CSS pixels (its quiet zone included): about 4 px a module, easy for a camera.
const QR_SIZE = 176;

const phoneOf: Record<Store, string> = { appStore: 'iPhone', googlePlay: 'Android phone' };

/**
 * A QR code to Stillpoint's page on `store`, for a visitor on a computer to scan with their phone.
 * Drawn as SVG in the browser, so nothing is fetched. Renders nothing when the store links could
 * not be loaded: the page's badges or text say where the app is instead. Pages show it from medium
 * width only, so on a narrower screen the code is not worked out at all: drawing one is a long task
 * on a phone (Lighthouse's Total Blocking Time).
 */
export function StoreQrCode({ store }: { store: Store }) {
  const links = useAppLinks();
  const wide = useMediaQuery(MEDIUM_WIDTH_QUERY);
  const where = storeInText[store];
  if (links.isError) return null;
  return (
    <figure className="flex w-48 flex-col items-center gap-3 text-center">
      {links.data && wide ? (
        <QRCodeSVG
          value={storeUrl(links.data, store)}
          size={QR_SIZE}
          level="M"
          marginSize={4}
          fgColor={INK}
          bgColor="#ffffff"
          role="img"
          aria-label={`QR code to ${brand.name} on ${where}`}
          className="rounded-xl border border-line"
        />
      ) : (
        <span
          aria-hidden="true"
          className="size-44 animate-pulse rounded-xl bg-line motion-reduce:animate-none"
        />
      )}
      <figcaption className="text-sm text-muted">
        Scan with your {phoneOf[store]}'s camera to open {where}
      </figcaption>
    </figure>
  );
}

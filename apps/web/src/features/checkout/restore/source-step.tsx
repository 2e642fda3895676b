import { Globe, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { brand } from '../../../lib/brand';
import type { PurchaseSource } from './restore-steps';

/** SOURCE: where the purchase was made decides how it is restored. */
export function SourceStep({ onChoose }: { onChoose(source: PurchaseSource): void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">Where did you buy {brand.name} Premium?</p>
      <div className="flex flex-col gap-3">
        <Choice icon={<Smartphone aria-hidden="true" className="size-5" />} onClick={() => onChoose('ios')}>
          iPhone or iPad (App Store)
        </Choice>
        <Choice icon={<Globe aria-hidden="true" className="size-5" />} onClick={() => onChoose('other')}>
          On the web or somewhere else
        </Choice>
      </div>
    </div>
  );
}

function Choice({ icon, onClick, children }: { icon: ReactNode; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-14 items-center gap-3 rounded-xl border border-line bg-surface px-4 text-left font-medium text-ink transition-colors hover:border-accent hover:bg-accent-soft/50"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        {icon}
      </span>
      {children}
    </button>
  );
}

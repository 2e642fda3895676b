import { Switch } from './switch';

export interface SwitchListItem<K extends string> {
  key: K;
  label: string;
  /** A second, quieter line under the label. */
  detail?: string;
  checked: boolean;
  /** The switch's accessible name when it should say more than the label. */
  switchLabel?: string;
}

interface SwitchListProps<K extends string> {
  items: readonly SwitchListItem<K>[];
  onChange(key: K, checked: boolean): void;
  disabled?: boolean;
}

/** A card of labelled on/off rows, one switch each. */
export function SwitchList<K extends string>({ items, onChange, disabled }: SwitchListProps<K>) {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
      {items.map((item) => (
        <li key={item.key} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
          <div className="flex flex-col">
            <span className="font-medium text-ink">{item.label}</span>
            {item.detail ? <span className="text-sm text-muted">{item.detail}</span> : null}
          </div>
          <Switch
            checked={item.checked}
            onCheckedChange={(checked) => onChange(item.key, checked)}
            label={item.switchLabel ?? item.label}
            disabled={disabled}
          />
        </li>
      ))}
    </ul>
  );
}

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Intercept youtube.com"; a switch never goes unnamed. */
  label: string;
  disabled?: boolean;
}

/**
 * An on/off switch (role="switch", Space and Enter toggle) with a 44 px touch target. A native
 * button does all a switch needs, so no library is loaded with every page that shows one.
 */
export function Switch({ checked, onCheckedChange, label, disabled }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-state={state}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-line transition-colors before:absolute before:-inset-2 before:content-[''] disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-accent"
    >
      <span
        data-state={state}
        className="pointer-events-none block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6 motion-reduce:transition-none"
      />
    </button>
  );
}

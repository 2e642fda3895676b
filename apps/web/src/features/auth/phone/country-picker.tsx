import { type ChangeEvent, type ComponentType, type FocusEvent, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/when-idle';

interface CountryOption {
  /** A two-letter country code; none for "International". */
  value?: string;
  label: string;
  divider?: boolean;
}

export interface CountryPickerProps {
  value?: string;
  options: CountryOption[];
  onChange(country: string | undefined): void;
  onFocus?(event: FocusEvent<HTMLSelectElement>): void;
  onBlur?(event: FocusEvent<HTMLSelectElement>): void;
  iconComponent: ComponentType<{ 'aria-hidden'?: boolean; country?: string; label: string }>;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  'aria-label'?: string;
  /** Someone reaches for the picker: the field then shows every country (phoneData.ts). */
  onReach?(): void;
}

/** The library's value for "International": an `<option>` needs some value. */
const INTERNATIONAL = 'ZZ';

/**
 * The phone field's country picker, a native `<select>` as the library draws it, except that its
 * first draw holds only the chosen country: drawing all 250 countries was most of the sign-in
 * form's first draw, a long task on a slow phone (bench/README.md, Lighthouse). The full list
 * follows as soon as the browser is idle, or at once when someone reaches for the picker (a
 * pointer over it, a touch, focus), so it is in place before the picker can open. The field first
 * gives it the United States alone, then every country: a longer list waits for the next idle
 * moment in turn, unless the picker has been reached.
 */
export function CountryPicker({
  value,
  options,
  onChange,
  onFocus,
  onBlur,
  iconComponent: Icon,
  disabled,
  readOnly,
  name,
  'aria-label': ariaLabel,
  onReach,
}: CountryPickerProps) {
  const [reached, setReached] = useState(false);
  const [idleFor, setIdleFor] = useState<CountryOption[] | null>(null);
  const want = () => {
    setReached(true);
    onReach?.();
  };
  useEffect(() => whenIdle(() => setIdleFor(options), { fallbackMs: 0 }), [options]);
  const wanted = reached || idleFor === options;
  const selected = options.find(
    (option) => !option.divider && (option.value ?? undefined) === (value ?? undefined),
  );
  const shown = wanted ? options : selected ? [selected] : [];
  return (
    <div className="PhoneInputCountry">
      <select
        name={name}
        aria-label={ariaLabel}
        className="PhoneInputCountrySelect"
        value={value ?? INTERNATIONAL}
        disabled={disabled || readOnly}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const next = event.target.value;
          onChange(next === INTERNATIONAL ? undefined : next);
        }}
        onPointerEnter={want}
        onPointerDown={want}
        onTouchStart={want}
        onFocus={(event) => {
          want();
          onFocus?.(event);
        }}
        onBlur={onBlur}
      >
        {shown.map((option) => (
          <option
            key={option.divider ? '|' : (option.value ?? INTERNATIONAL)}
            value={option.divider ? '|' : (option.value ?? INTERNATIONAL)}
            disabled={option.divider}
          >
            {option.label}
          </option>
        ))}
      </select>
      {selected ? <Icon aria-hidden country={value} label={selected.label} /> : null}
      <div className="PhoneInputCountrySelectArrow" />
    </div>
  );
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FlagProps, Value } from 'react-phone-number-input';
import PhoneInput from 'react-phone-number-input/core';
import 'react-phone-number-input/style.css';
import './phone-number-field.css';
import { CountryPicker } from './country-picker';
import { beforePhoneDataChange, showAllPhoneData, usePhoneData } from './phone-data';

interface PhoneNumberFieldProps {
  id: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
  disabled?: boolean;
  describedBy?: string;
}

/**
 * The country's code in place of a flag image: the library's default loads flag pictures from a
 * third-party site, and the bundled set is far larger than this page.
 */
function CountryCode({ country }: FlagProps) {
  return <span className="PhoneNumberField-country">{country}</span>;
}

// The library's types give its ref to its component, not the input: the input is found by its id.
const fieldInput = (id: string) => document.getElementById(id) as HTMLInputElement | null;

/** A number's characters that formatting keeps (digits and the leading +), before `end`. */
const significantBefore = (text: string, end: number) => text.slice(0, end).replace(/[^\d+]/g, '').length;

/** Where the caret goes to stand after the same `count` significant characters in `text`. */
function indexAfterSignificant(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/[\d+]/.test(text[index] ?? '') && ++seen === count) return index + 1;
  }
  return text.length;
}

/** The field holds only a calling code, such as the prefilled "+1". */
const onlyCallingCode = (text: string) => /^\+\d{1,3}\s?$/.test(text);

/**
 * Tabbing into a field selects its text, so the first digit typed would replace the prefilled "+1"
 * and "2025550304" would become an Egyptian "+20 …". With nothing but the calling code in the
 * field, the caret goes after it instead. Chrome may select on focus after the event, hence the
 * second look a frame later.
 */
function keepCallingCode(input: HTMLInputElement) {
  const moveCaretToEnd = () => {
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (!whole || !onlyCallingCode(input.value) || document.activeElement !== input) return;
    input.setSelectionRange(input.value.length, input.value.length);
  };
  moveCaretToEnd();
  requestAnimationFrame(moveCaretToEnd);
}

/**
 * SPEC §2 phone field: prefilled +1 with the United States as the default country, and a country
 * picker (a native select, labelled 'Phone number country') that swaps the calling code. It is
 * first drawn with the United States' data alone (phoneData.ts); reaching it shows every
 * country's, in the same field: nothing typed is lost, and the caret stays between the same
 * digits even if the number's formatting changes.
 */
export function PhoneNumberField({ id, value, onChange, disabled, describedBy }: PhoneNumberFieldProps) {
  const { metadata, labels } = usePhoneData();
  const caret = useRef<number | null>(null);

  useEffect(
    () =>
      beforePhoneDataChange(() => {
        const element = fieldInput(id);
        caret.current =
          element && element === document.activeElement && element.selectionStart !== null
            ? significantBefore(element.value, element.selectionStart)
            : null;
      }),
    [id],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the data shown changes, once the field is drawn with it.
  useLayoutEffect(() => {
    const element = fieldInput(id);
    if (caret.current === null || !element) return;
    const at = indexAfterSignificant(element.value, caret.current);
    caret.current = null;
    if (element.selectionStart !== at || element.selectionEnd !== at) element.setSelectionRange(at, at);
  }, [id, metadata]);

  return (
    <PhoneInput
      id={id}
      className="PhoneNumberField"
      international
      withCountryCallingCode
      defaultCountry="US"
      metadata={metadata}
      labels={labels}
      flagComponent={CountryCode}
      countrySelectComponent={CountryPicker}
      countrySelectProps={{ onReach: showAllPhoneData }}
      value={value as Value | undefined}
      onFocus={(event) => {
        showAllPhoneData();
        if (event.currentTarget instanceof HTMLInputElement) keepCallingCode(event.currentTarget);
      }}
      onChange={(next) => {
        // Typing without focus first (a filled-in form) also needs every country's data.
        showAllPhoneData();
        onChange(next ?? undefined);
      }}
      disabled={disabled}
      autoComplete="tel"
      aria-describedby={describedBy}
    />
  );
}

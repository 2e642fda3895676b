import PhoneInput, { type FlagProps, type Value } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import './PhoneNumberField.css';
import { CountryPicker } from './CountryPicker';

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

/**
 * SPEC §2 phone field: prefilled +1 with the United States as the default country, and a country
 * picker (a native select, labelled 'Phone number country') that swaps the calling code.
 */
export function PhoneNumberField({ id, value, onChange, disabled, describedBy }: PhoneNumberFieldProps) {
  return (
    <PhoneInput
      id={id}
      className="PhoneNumberField"
      international
      withCountryCallingCode
      defaultCountry="US"
      flagComponent={CountryCode}
      countrySelectComponent={CountryPicker}
      value={value as Value | undefined}
      onChange={(next) => onChange(next ?? undefined)}
      disabled={disabled}
      autoComplete="tel"
      aria-describedby={describedBy}
    />
  );
}

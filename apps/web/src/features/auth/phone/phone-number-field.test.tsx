import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import PhoneInput, { type FlagProps } from 'react-phone-number-input';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountryPicker } from './country-picker';

type FieldModule = typeof import('./phone-number-field');
type Field = FieldModule['PhoneNumberField'];

/**
 * The field's modules loaded afresh, with every country's data (allPhoneData.ts) held back until
 * `release()`, or failing with `fail()`: what a slow or broken connection does to its chunk.
 */
async function loadField() {
  vi.resetModules();
  const imported = vi.fn();
  let release: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const held = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  vi.doMock('./all-phone-data', async (importOriginal) => {
    imported();
    await held;
    return importOriginal();
  });
  const { PhoneNumberField } = await import('./phone-number-field');
  return { PhoneNumberField, imported, release: () => act(async () => release()), fail };
}

/** The field as PhoneNumberStep holds it, with the E.164 value it reports shown beside it. */
function Harness({ Field }: { Field: Field }) {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <label htmlFor="phone">Phone number</label>
      <Field id="phone" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

const phone = () => screen.getByLabelText<HTMLInputElement>('Phone number');
const picker = () => screen.getByRole('combobox', { name: 'Phone number country' });
const optionCount = () => screen.queryAllByRole('option').length;
/** Lets the idle callbacks (a zero timer where the browser has no idle callback, as in jsdom) run. */
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  vi.doUnmock('./all-phone-data');
});

describe('PhoneNumberField before every country is loaded', () => {
  it('starts as +1 in the United States, with the picker named, and types a US number without the rest', async () => {
    const { PhoneNumberField, release } = await loadField();
    const user = userEvent.setup();
    render(<Harness Field={PhoneNumberField} />);

    expect(phone()).toHaveValue('+1');
    expect(picker()).toHaveValue('US');
    await user.type(phone(), '2133734253');

    expect(phone()).toHaveValue('+1 213 373 4253');
    expect(screen.getByTestId('value')).toHaveTextContent('+12133734253');
    await release();
  });

  it('puts the caret after the prefilled +1 when a focus selects it, so typing adds to it', async () => {
    const { PhoneNumberField, release } = await loadField();
    render(<Harness Field={PhoneNumberField} />);
    const input = phone();
    // What a browser does when someone tabs in: the focus selects the whole text.
    input.focus();
    input.setSelectionRange(0, input.value.length);
    fireEvent.focus(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);

    // A number of the person's own stays selectable as a whole: only a lone calling code is kept.
    await userEvent.setup().type(input, '2133734253');
    input.setSelectionRange(0, input.value.length);
    fireEvent.focus(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    await release();
  });

  it('fetches the rest when idle but builds the whole list only when someone reaches the field', async () => {
    const { PhoneNumberField, imported, release } = await loadField();
    render(<Harness Field={PhoneNumberField} />);
    expect(imported).not.toHaveBeenCalled();

    await idle();
    expect(imported).toHaveBeenCalledTimes(1);
    await release();
    await idle();
    // Fetched, not shown: the picker holds the United States (and International) alone.
    expect(optionCount()).toBeLessThanOrEqual(2);

    act(() => phone().focus());
    await idle();
    expect(optionCount()).toBeGreaterThan(200);
    expect(picker()).toHaveValue('US');
  });

  it('keeps what was typed and the caret when every country arrives while typing', async () => {
    const { PhoneNumberField, release } = await loadField();
    const user = userEvent.setup();
    render(<Harness Field={PhoneNumberField} />);
    await user.type(phone(), '21337');
    expect(phone()).toHaveValue('+1 213 37');
    // The caret between the 2 and the 1 of the area code.
    phone().setSelectionRange(4, 4);

    await release();

    await waitFor(() => expect(optionCount()).toBeGreaterThan(200));
    expect(phone()).toHaveValue('+1 213 37');
    expect(phone()).toHaveFocus();
    expect(phone().selectionStart).toBe(4);
    await user.type(phone(), '34253', { initialSelectionStart: 9, initialSelectionEnd: 9 });
    expect(phone()).toHaveValue('+1 213 373 4253');
  });

  it('keeps the caret between the same digits when a number typed before they arrive is formatted anew', async () => {
    const { PhoneNumberField, release } = await loadField();
    const user = userEvent.setup();
    render(<Harness Field={PhoneNumberField} />);
    await user.clear(phone());
    // A UK number: the United States' data alone cannot format it, and keeps it as typed.
    await user.type(phone(), '+442071838750');
    expect(phone()).toHaveValue('+442071838750');
    // The caret after "+44207".
    phone().setSelectionRange(6, 6);

    await release();

    await waitFor(() => expect(phone()).toHaveValue('+44 20 7183 8750'));
    expect(screen.getByTestId('value')).toHaveTextContent('+442071838750');
    expect(phone()).toHaveFocus();
    expect(phone().selectionStart).toBe('+44 20 7'.length);
  });

  it('lists every country once they arrive if the picker was reached first, and a choice swaps the code', async () => {
    const { PhoneNumberField, release } = await loadField();
    const user = userEvent.setup();
    render(<Harness Field={PhoneNumberField} />);

    await user.click(picker());
    await release();

    await waitFor(() => expect(optionCount()).toBeGreaterThan(200));
    await user.selectOptions(picker(), 'DE');
    expect(phone()).toHaveValue('+49');
  });

  it('stays a working US field when the rest cannot load, and tries again on the next reach', async () => {
    const { PhoneNumberField, imported, fail } = await loadField();
    const user = userEvent.setup();
    render(<Harness Field={PhoneNumberField} />);
    await idle();
    fail(new Error('offline'));
    await idle();

    await user.type(phone(), '2133734253');
    expect(phone()).toHaveValue('+1 213 373 4253');
    expect(imported.mock.calls.length).toBeGreaterThan(1);
  });
});

/** The field as it was drawn before, with the library's own data for every country. */
function CountryCode({ country }: FlagProps) {
  return <span className="PhoneNumberField-country">{country}</span>;
}
const before = (
  <PhoneInput
    id="phone"
    className="PhoneNumberField"
    international
    withCountryCallingCode
    defaultCountry="US"
    flagComponent={CountryCode}
    countrySelectComponent={CountryPicker}
    value={undefined}
    onChange={() => undefined}
    autoComplete="tel"
    aria-describedby="hint"
  />
);

describe('PhoneNumberField first drawn', () => {
  it('is the same markup as with every country, on a server and in the browser', async () => {
    const { PhoneNumberField, release } = await loadField();
    const after = (
      <PhoneNumberField id="phone" value={undefined} onChange={() => undefined} describedBy="hint" />
    );

    const drawn = renderToString(after);
    expect(drawn).toBe(renderToString(before));
    expect(renderToString(after)).toBe(drawn);
    const { container } = render(after);
    const { container: previous } = render(before);
    expect(container.innerHTML).toBe(previous.innerHTML);
    await release();
  });
});

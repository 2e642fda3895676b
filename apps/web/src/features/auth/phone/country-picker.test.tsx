import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountryPicker } from './country-picker';

const options = [
  { value: 'DE', label: 'Germany' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
];
const Icon = ({ country }: { country?: string }) => <span>{country}</span>;

function renderPicker(onChange = vi.fn()) {
  render(
    <CountryPicker
      value="US"
      options={options}
      onChange={onChange}
      iconComponent={Icon}
      aria-label="Country"
    />,
  );
  return { picker: screen.getByRole('combobox', { name: 'Country' }), onChange };
}

describe('CountryPicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('first draws only the chosen country, then the whole list once the browser is idle', () => {
    const { picker } = renderPicker();
    expect(picker).toHaveValue('US');
    expect(screen.getAllByRole('option')).toHaveLength(1);

    act(() => vi.runAllTimers());
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(picker).toHaveValue('US');
  });

  it.each([
    ['focus', (picker: HTMLElement) => fireEvent.focus(picker)],
    ['a pointer over it', (picker: HTMLElement) => fireEvent.pointerEnter(picker)],
    ['a touch', (picker: HTMLElement) => fireEvent.touchStart(picker)],
  ])('draws the whole list at once on %s, before the picker can open', (_, reach) => {
    const { picker } = renderPicker();
    act(() => reach(picker));
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('passes the chosen country on', () => {
    const { picker, onChange } = renderPicker();
    act(() => fireEvent.focus(picker));
    fireEvent.change(picker, { target: { value: 'GB' } });
    expect(onChange).toHaveBeenCalledWith('GB');
  });
});

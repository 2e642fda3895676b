import { BudgetField } from '../../../lib/sites/budget-field';
import type { SiteRow } from '../../../lib/sites/site-rows';
import { TextField } from '../../../ui/text-field';

interface SiteRowFieldsProps {
  row: SiteRow;
  /** 1-based, so each field has its own name for screen readers. */
  number: number;
  onChange(patch: Partial<Pick<SiteRow, 'siteOrigin' | 'budget'>>): void;
  onRemove(): void;
}

/** One SETUP_INTERCEPT row: the site, its daily budget (from 1, SPEC §5) and a remove button. */
export function SiteRowFields({ row, number, onChange, onRemove }: SiteRowFieldsProps) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-3">
        <TextField
          label={`Site ${number}`}
          placeholder="youtube.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          value={row.siteOrigin}
          error={row.error}
          onChange={(event) => onChange({ siteOrigin: event.target.value })}
        />
        {/* The narrow column has no room for the usual hint; the field's name says it instead. */}
        <BudgetField
          label="Per day"
          hint={null}
          aria-label={`Sessions per day for site ${number}`}
          value={row.budget}
          error={row.budgetError}
          onChange={(event) => onChange({ budget: event.target.value })}
        />
      </div>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onRemove}
          className="min-h-11 rounded-full px-3 text-sm font-medium text-muted hover:text-danger"
        >
          Remove<span className="sr-only"> site {number}</span>
        </button>
      </div>
    </div>
  );
}

import { useState } from 'react';

/**
 * A field checked by `problemOf`: quiet while the admin first types, then, from the first try to
 * send, showing what is wrong as they correct it.
 */
export function useCheckedField(initial: string, problemOf: (value: string) => string | null) {
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  const problem = problemOf(value);
  return {
    value,
    setValue,
    error: checked ? problem : null,
    /** Shows the problem, if any; true when the value may be sent. */
    check(): boolean {
      setChecked(true);
      return problem === null;
    },
  };
}

import type { Endpoint } from '@stillpoint/core';
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  options?: z.core.$ZodType[];
}

const defOf = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The names of every object field in a schema, however deep (through arrays, optionals, unions
 * and pipes), so a test can find, say, every field that names an id without listing endpoints.
 */
export function fieldNamesOf(schema: z.core.$ZodType | undefined): Set<string> {
  const names = new Set<string>();
  const visit = (node: z.core.$ZodType | undefined) => {
    if (!node) return;
    const def = defOf(node);
    if (def.shape) {
      for (const [name, field] of Object.entries(def.shape)) {
        names.add(name);
        visit(field);
      }
    }
    visit(def.element);
    visit(def.innerType);
    visit(def.in);
    for (const option of def.options ?? []) visit(option);
  };
  visit(schema);
  return names;
}

/** The fields of a call's input: its query for a GET, its body for a POST. */
export const inputFieldNames = (endpoint: Endpoint): Set<string> =>
  fieldNamesOf(endpoint.method === 'GET' ? endpoint.query : endpoint.body);

import { timestamp } from 'drizzle-orm/pg-core';

// Shared column builders so every table stores instants the same way:
// `timestamp with time zone`, read back as JS Date.
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

// The database default covers inserts; $onUpdate covers updates made through Drizzle.
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

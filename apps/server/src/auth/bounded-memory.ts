/**
 * Answers kept for reuse, at most `capacity` of them, the oldest written forgotten first. For
 * answers that can always be worked out again, so forgetting one costs time, never correctness.
 */
export class BoundedMemory<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(private readonly capacity: number) {}

  get(key: Key): Value | undefined {
    return this.entries.get(key);
  }

  set(key: Key, value: Value): void {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) {
      // A Map keeps insertion order: its first key is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}

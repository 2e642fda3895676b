import { describe, expect, it } from 'vitest';
import { BoundedMemory } from './bounded-memory';

describe('BoundedMemory', () => {
  it('forgets the oldest answer when full, and never holds more than its capacity', () => {
    const memory = new BoundedMemory<string, number>(3);
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) memory.set(key, index);
    expect(memory.size).toBe(3);
    expect(memory.get('a')).toBeUndefined();
    expect([memory.get('b'), memory.get('c'), memory.get('d')]).toEqual([1, 2, 3]);
  });

  it('replaces a known answer without forgetting another', () => {
    const memory = new BoundedMemory<string, number>(2);
    memory.set('a', 1);
    memory.set('b', 2);
    memory.set('a', 10);
    expect([memory.get('a'), memory.get('b'), memory.size]).toEqual([10, 2, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { stepByStep } from './next-task';

describe('stepByStep', () => {
  it('runs the first step at once and each of the others in a later task, in order', async () => {
    const ran: string[] = [];
    const done = stepByStep(['a', 'b', 'c'].map((name) => () => void ran.push(name)));
    expect(ran).toEqual(['a']);
    // A microtask is not a task: the second step waits for the browser's next turn.
    await Promise.resolve();
    expect(ran).toEqual(['a']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['a', 'b']);
    await done;
    expect(ran).toEqual(['a', 'b', 'c']);
  });
});

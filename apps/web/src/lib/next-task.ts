/**
 * Resolves in a task of its own, so the browser can paint and take input before what follows
 * (Lighthouse's Total Blocking Time counts every task over 50 ms).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs the steps in order, the first at once and each of the others in a task of its own. */
export async function stepByStep(steps: readonly (() => void)[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await nextTask();
    step();
  }
}

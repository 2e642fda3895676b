import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicJobTimer } from './periodic-job';

/** A run the test finishes when it chooses, to hold a run in progress. */
function heldRun() {
  let finish = () => {};
  const started = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  return { started, finish: () => finish() };
}

describe('periodicJobTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once per interval, each run after the previous one has finished', async () => {
    const run = heldRun();
    const timer = periodicJobTimer(10, run.started, () => {});
    timer.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(run.started).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.started).toHaveBeenCalledTimes(1);
    // Still running: no second run however long it takes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.started).toHaveBeenCalledTimes(1);
    run.finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.started).toHaveBeenCalledTimes(2);
    run.finish();
    await timer.stop();
  });

  it('runs nothing more once stopped', async () => {
    const run = vi.fn(async () => {});
    const timer = periodicJobTimer(1, run, () => {});
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    await timer.stop();
    expect(timer.stopping()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    // start() after stop() does not bring it back.
    timer.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for a run in progress when stopped, and schedules none after it', async () => {
    const run = heldRun();
    const timer = periodicJobTimer(1, run.started, () => {});
    timer.start();
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    run.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.started).toHaveBeenCalledTimes(1);
  });

  it('never runs on its own with an interval of 0, while runOnce still runs', async () => {
    const run = vi.fn(async (at: Date | undefined) => at);
    const timer = periodicJobTimer(0, run, () => {});
    timer.start();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).not.toHaveBeenCalled();
    const at = new Date('2026-11-30T00:00:00Z');
    await expect(timer.runOnce(at)).resolves.toBe(at);
  });

  it('reports a timed run that fails, and keeps running', async () => {
    const failures: unknown[] = [];
    const run = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const timer = periodicJobTimer(1, run, (error) => failures.push(error));
    timer.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(failures).toEqual([new Error('down')]);
    expect(run).toHaveBeenCalledTimes(2);
    await timer.stop();
  });
});

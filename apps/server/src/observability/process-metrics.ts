import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

/**
 * prom-client's default metrics: CPU, memory, heap, handles, garbage collection and event-loop
 * delay (nodejs_eventloop_lag_*). They describe the process, not one app, and collecting them
 * starts a timer and an observer that are never stopped, so they are collected once per process
 * and every app's /metrics includes them.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

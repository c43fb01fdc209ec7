/**
 * Preloaded into a real service process (NODE_OPTIONS=--require) by the fuzz
 * tier: measures that process's event-loop delay. On SIGUSR2 it writes what it
 * saw since the last signal to EVENT_LOOP_PROBE_FILE and starts afresh, so a
 * test can bracket exactly the work it sends. Test-only: the service itself
 * knows nothing of it.
 */
'use strict';
const { writeFileSync, renameSync } = require('node:fs');
const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let longestGcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  let sequence = 0;
  process.on('SIGUSR2', () => {
    sequence += 1;
    const seen = { sequence, samples: histogram.count, p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6, longestGcMs };
    writeFileSync(`${file}.tmp`, JSON.stringify(seen));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
    longestGcMs = 0;
  });
}

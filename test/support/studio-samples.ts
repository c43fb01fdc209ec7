import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/common/project-root';
import type { SampleTimeline } from '../../src/console/logic/sample-bodies';

/** The Studio's sample timelines (composition/samples/*.json), named by file, as the build copies them into the console (scripts/build.js). */
export function studioSampleTimelines(): SampleTimeline[] {
  const dir = join(projectRoot(__dirname), 'composition', 'samples');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ''), ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Omit<SampleTimeline, 'name'>) }));
}

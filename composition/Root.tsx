import { Composition, type CalculateMetadataFunction } from 'remotion';
import { renderPlanSchema, type TimelineProps } from './plan-schema';
import { SAMPLES, type Sample } from './samples/sample-plans';
import { loadSamplePlan } from './subtitles/sample-subtitles';
import { stillSheetSchema, type StillSheetProps } from './stills/still-sheet-schema';
import { TimelineStills } from './stills/TimelineStills';
import { Timeline } from './Timeline';

function metadataOf(props: TimelineProps) {
  return { width: props.width, height: props.height, fps: props.fps, durationInFrames: props.durationInFrames };
}

/** Size, rate and length come from the plan, so one composition serves every task. */
const planMetadata: CalculateMetadataFunction<TimelineProps> = ({ props }) => metadataOf(props);

/** Samples are planned again once their subtitle files are fetched, by the worker's planner. */
function sampleMetadata(sample: Sample): CalculateMetadataFunction<TimelineProps> {
  return async ({ props }) => {
    const planned = await loadSamplePlan(sample.input);
    return { ...metadataOf(props), props: { ...props, subtitles: planned.subtitles, fonts: planned.fonts } };
  };
}

/** One frame per still shot, at the plan's size. */
const stillSheetMetadata: CalculateMetadataFunction<StillSheetProps> = ({ props }) => ({
  ...metadataOf(props.plan),
  durationInFrames: Math.max(1, props.shots.length),
});

const [firstSample] = SAMPLES;

export const RemotionRoot: React.FC = () => (
  <>
    <Composition id="Timeline" component={Timeline} schema={renderPlanSchema} defaultProps={firstSample.plan} calculateMetadata={planMetadata} />
    <Composition
      id="TimelineStills"
      component={TimelineStills}
      schema={stillSheetSchema}
      defaultProps={{ plan: firstSample.plan, shots: [] }}
      calculateMetadata={stillSheetMetadata}
    />
    {SAMPLES.map((sample) => (
      <Composition
        key={sample.id}
        id={sample.id}
        component={Timeline}
        schema={renderPlanSchema}
        defaultProps={sample.plan}
        calculateMetadata={sampleMetadata(sample)}
      />
    ))}
  </>
);

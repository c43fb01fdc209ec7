import { Composition, type CalculateMetadataFunction } from 'remotion';
import type { RenderPlan } from '../src/render/plan/render-plan.types';
import { renderPlanSchema, type TimelineProps } from './plan-schema';
import { loadSamplePlan } from './samples/load-sample-plan';
import { SAMPLES, type Sample } from './samples/sample-plans';
import { stillSheetSchema, type StillSheetProps } from './stills/still-sheet-schema';
import { TimelineStills } from './stills/TimelineStills';
import { Timeline } from './Timeline';

function metadataOf(props: TimelineProps) {
  return { width: props.width, height: props.height, fps: props.fps, durationInFrames: props.durationInFrames };
}

/** Size, rate and length come from the plan, so one composition serves every task. */
const planMetadata: CalculateMetadataFunction<TimelineProps> = ({ props }) => metadataOf(props);

/** The layers of the props (as Studio's editor may have changed them) with the picture sizes the planner has since learnt. */
function withMediaSizes(layers: TimelineProps['layers'], planned: RenderPlan['layers']): TimelineProps['layers'] {
  const sizes = new Map(planned.flatMap((layer) => (layer.kind === 'text' ? [] : [[layer.id, layer.mediaSize] as const])));
  return layers.map((layer) => (layer.kind === 'text' ? layer : { ...layer, mediaSize: sizes.get(layer.id) ?? layer.mediaSize }));
}

/** Samples are planned again once their subtitle files and picture sizes are read, by the worker's planner. */
function sampleMetadata(sample: Sample): CalculateMetadataFunction<TimelineProps> {
  return async ({ props }) => {
    const planned = await loadSamplePlan(sample.input);
    return {
      ...metadataOf(props),
      props: { ...props, layers: withMediaSizes(props.layers, planned.layers), subtitles: planned.subtitles, fonts: planned.fonts },
    };
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
      defaultProps={{ sheet: 'studio', plan: firstSample.plan, shots: [] }}
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

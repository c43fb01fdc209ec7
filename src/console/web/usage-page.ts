import type { ModelList, UsagePeriod, UsageRecord } from '../../client/api-models.js';
import { el, replaceChildren, when } from './dom.js';
import { failureNotice, type Page, type PageContext } from './page.js';

const PERIODS: UsagePeriod[] = ['current_month', 'last_month', 'current_week', 'last_week', 'today', 'yesterday'];

interface Bar {
  label: string;
  value: number;
  text: string;
}

/** One group of horizontal bars, scaled to the group's largest value. */
function barGroup(title: string, bars: Bar[]): HTMLElement {
  const max = Math.max(...bars.map((bar) => bar.value), 0);
  return el(
    'figure',
    { class: 'chart' },
    el('figcaption', {}, title),
    el(
      'dl',
      {},
      ...bars.flatMap((bar) => {
        const fill = el('span', { class: 'fill' });
        fill.style.width = `${max === 0 ? 0 : (100 * bar.value) / max}%`;
        return [el('dt', {}, bar.label), el('dd', {}, el('span', { class: 'bar' }, fill), el('span', { class: 'value' }, bar.text))];
      }),
    ),
  );
}

const usd = (value: number) => `$${value.toFixed(value !== 0 && value < 0.01 ? 4 : 2)}`;

function usageChart(record: UsageRecord): HTMLElement {
  const { usage, costs, limits } = record;
  return el(
    'div',
    { class: 'charts' },
    el('p', {}, `${when(record.period_start, 'UTC')} – ${when(record.period_end, 'UTC')}`),
    barGroup('Renders', [
      { label: 'All', value: usage.total_renders, text: `${usage.total_renders} of ${limits.monthly_renders} a month` },
      { label: 'Completed', value: usage.successful_renders, text: String(usage.successful_renders) },
      { label: 'Failed', value: usage.failed_renders, text: String(usage.failed_renders) },
    ]),
    barGroup('Minutes', [
      { label: 'Processing', value: usage.total_processing_minutes, text: `${usage.total_processing_minutes} min` },
      { label: 'Output video', value: usage.total_output_minutes, text: `${usage.total_output_minutes} min` },
    ]),
    barGroup('Cost (USD)', [
      { label: 'Rendering', value: costs.breakdown.rendering_usd, text: usd(costs.breakdown.rendering_usd) },
      { label: 'Storage', value: costs.breakdown.storage_usd, text: usd(costs.breakdown.storage_usd) },
      { label: 'Bandwidth', value: costs.breakdown.bandwidth_usd, text: usd(costs.breakdown.bandwidth_usd) },
      { label: 'Total', value: costs.total_usd, text: usd(costs.total_usd) },
    ]),
    el(
      'p',
      { class: 'help' },
      `Storage used now: ${usage.storage_used_gb} GB of ${limits.max_storage_gb} GB; at most ${limits.concurrent_renders} renders at once. The API reports costs by kind, not by model: each model's price tier is in the catalogue below.`,
    ),
  );
}

function modelsTable(list: ModelList): HTMLElement {
  return el(
    'table',
    { class: 'models' },
    el('caption', { class: 'visually-hidden' }, 'Models'),
    el(
      'thead',
      {},
      el('tr', {}, ...['Model', 'Description', 'Max resolution', 'Max duration', 'Formats', 'Pricing tier'].map((h) => el('th', { scope: 'col' }, h))),
    ),
    el(
      'tbody',
      {},
      ...list.models.map((model) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, `${model.name} (${model.id})`),
          el('td', {}, model.description),
          el('td', {}, `${model.max_resolution.width}x${model.max_resolution.height}`),
          el('td', {}, `${model.max_duration_seconds} s`),
          el('td', {}, model.supported_formats.join(', ')),
          el('td', {}, model.pricing_tier),
        ),
      ),
    ),
  );
}

export function usagePage(context: PageContext): Page {
  const period = el('select', { id: 'usage-period' }, ...PERIODS.map((p) => el('option', { value: p }, p.replace('_', ' '))));
  const chart = el('div', {});
  const models = el('div', { class: 'table-wrap' });
  const load = () =>
    context.api
      .call<UsageRecord>('GET', `/v3/usage?period=${encodeURIComponent(period.value)}`)
      .then((record) => replaceChildren(chart, usageChart(record)))
      .catch((error: unknown) => replaceChildren(chart, failureNotice(error)));
  period.addEventListener('change', () => void load());
  void load();
  context.api
    .call<ModelList>('GET', '/v3/models')
    .then((list) => replaceChildren(models, modelsTable(list)))
    .catch((error: unknown) => replaceChildren(models, failureNotice(error)));
  const node = el(
    'section',
    { class: 'page', 'aria-labelledby': 'usage-title' },
    el('h1', { id: 'usage-title' }, 'Usage'),
    el('div', { class: 'control' }, el('label', { for: 'usage-period' }, 'Period'), period),
    chart,
    el('h2', {}, 'Models'),
    models,
  );
  return { title: 'Usage', node, dispose: () => undefined };
}

import { generateAllMatchingLimit } from '../../contract/generation';
import { runChangedPayload, type Run } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { toast } from '../ui/toast';

/**
 * The ends of the runs this browser queued and is waiting for, told as one toast when their `runchanged` events say
 * they ended (docs/product.md#generation, "Run ends"): the header's Regenerate of a subcategory's brands, Generate
 * Equipments for ticked brands or for all matching, Generate Items, each followed by the `run_ids` of its answer
 * (docs/decisions/0014-generate-for-all-matching.md). The runs of one call are told together once the last
 * has ended: one run in its own words ("Generated 6 new models for Yamaha."), several in one summary ("Generated 33
 * new models for 11 brands of Mixing Consoles."), not a toast a brand. The toast of the end closes the start's (a
 * toast tells the latest outcome only). A run told elsewhere (events and a brand's models in the Brands dialog
 * answer while the request waits) is never awaited here, so never told twice.
 */

/** The runs of one call still running, and those that ended. */
interface Batch {
  waiting: Set<number>;
  ended: Run[];
}
const batches = new Set<Batch>();

/**
 * The runs that ended lately, by id: a quick run may end before its call's answer has named it (the answer is sent
 * after the runs are queued, and a worker takes them at once). Bounded: one call queues at most
 * `generateAllMatchingLimit` runs.
 */
const recentEnds = new Map<number, Run>();

/** Wait for the ends of the runs one call queued (its answer's `run_ids`), to tell them in one toast. */
export function awaitRunEnds(runIds: readonly number[]): void {
  const batch: Batch = { waiting: new Set(), ended: [] };
  for (const id of new Set(runIds)) {
    const ended = recentEnds.get(id);
    if (ended) batch.ended.push(ended);
    else batch.waiting.add(id);
  }
  if (batch.waiting.size > 0) batches.add(batch);
  else tell(runsEndText(batch.ended));
}

const nouns = (run: Run) => (run.type === 'Brands' ? (['brand', 'brands'] as const) : (['model', 'models'] as const));
const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a run's end says (the texts of docs/product.md#generation), or null when it says nothing of its own. */
export function runEndText(run: Run): { kind: 'success' | 'error'; text: string } | null {
  if (run.type === 'Events') return null;
  const [one, many] = nouns(run);
  const name = (run.type === 'Brands' ? run.subcategory?.name : run.brand?.name) ?? '';
  switch (run.status) {
    case statusNames.generated:
      return { kind: 'success', text: `Generated ${run.items_added} new ${run.items_added === 1 ? one : many} for ${name}.` };
    case statusNames.noNewResults:
      return { kind: 'success', text: `No new results for ${name}.` };
    case statusNames.failed:
      return { kind: 'error', text: `Failed to generate ${many} for ${name}.` };
    case statusNames.insufficientTokens:
      return { kind: 'error', text: `Failed to generate ${many} for ${name}: insufficient tokens.` };
    default:
      // Cancelled (its cancel said so) or Skipped (its brand was excluded meanwhile, as the operator chose).
      return null;
  }
}

/**
 * What the ends of one call's runs say together: one run in its own words (`runEndText`); several models runs as
 * "Generated {n} new models for {k} brands of {subcategory}.", "No new results for {k} brands[ of
 * {subcategory}].", "Failed to generate models for {k} brands[ of {subcategory}][: insufficient tokens | ({j} for
 * insufficient tokens)]." in that order, the subcategory named once. Cancelled and skipped runs say nothing, as alone.
 */
export function runsEndText(runs: readonly Run[]): { kind: 'success' | 'error'; text: string } | null {
  const [first] = runs;
  if (!first) return null;
  if (runs.length === 1) return runEndText(first);
  const [one, many] = nouns(first);
  const of = (status: string) => runs.filter((run) => run.status === status);
  const generated = of(statusNames.generated);
  const nothingNew = of(statusNames.noNewResults).length;
  const short = of(statusNames.insufficientTokens).length;
  const failed = of(statusNames.failed).length + short;
  const added = generated.reduce((sum, run) => sum + run.items_added, 0);
  const sentences: string[] = [];
  const group = (n: number) => {
    const brands = counted(n, 'brand', 'brands');
    return sentences.length === 0 && first.subcategory ? `${brands} of ${first.subcategory.name}` : brands;
  };
  if (generated.length > 0)
    sentences.push(`Generated ${added.toLocaleString('en-US')} new ${added === 1 ? one : many} for ${group(generated.length)}.`);
  if (nothingNew > 0) sentences.push(`No new results for ${group(nothingNew)}.`);
  if (failed > 0) {
    const why =
      short === 0 ? '' : short === failed ? ': insufficient tokens' : ` (${short.toLocaleString('en-US')} for insufficient tokens)`;
    sentences.push(`Failed to generate ${many} for ${group(failed)}${why}.`);
  }
  if (sentences.length === 0) return null;
  return { kind: failed > 0 ? 'error' : 'success', text: sentences.join(' ') };
}

function tell(told: { kind: 'success' | 'error'; text: string } | null): void {
  if (told) toast[told.kind](told.text);
}

function remember(run: Run): void {
  recentEnds.delete(run.id);
  recentEnds.set(run.id, run);
  for (const id of recentEnds.keys()) {
    if (recentEnds.size <= generateAllMatchingLimit) break;
    recentEnds.delete(id);
  }
}

/** A `runchanged` payload: when it is the end of an awaited run, its toast (or its call's, once the last has ended). */
export function tellRunEnd(payload: unknown): void {
  const parsed = runChangedPayload.safeParse(payload);
  if (!parsed.success || parsed.data.run.finished_at === null) return;
  const { run } = parsed.data;
  remember(run);
  for (const batch of batches) {
    if (!batch.waiting.delete(run.id)) continue;
    batch.ended.push(run);
    if (batch.waiting.size > 0) return;
    batches.delete(batch);
    return tell(runsEndText(batch.ended));
  }
}

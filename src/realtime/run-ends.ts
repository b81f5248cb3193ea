import { runChangedPayload, type Run } from '../../contract/runs';
import { statusNames } from '../../contract/statuses';
import { toast } from '../ui/toast';

/**
 * The end of a run this browser queued and is waiting for (the header's Regenerate of a subcategory's brands; a
 * brand's models), told once as a toast when its `runchanged` says it ended (docs/product.md#generation, "Run ends").
 * The toast of its end closes the start's ("Generating brands for {subcategory}."): a toast tells the latest
 * outcome only. A run told elsewhere (events and a brand's models in the Brands dialog answer while the request waits)
 * is never awaited here, so never told twice.
 */

export type AwaitedTarget = { type: 'Brands'; subcategoryId: number } | { type: 'Equipments'; brandId: number };

const awaited = new Set<string>();

const keyOf = (target: AwaitedTarget) => (target.type === 'Brands' ? `Brands:${target.subcategoryId}` : `Equipments:${target.brandId}`);

function targetOf(run: Run): AwaitedTarget | undefined {
  if (run.type === 'Brands' && run.subcategory) return { type: 'Brands', subcategoryId: run.subcategory.id };
  if (run.type === 'Equipments' && run.brand) return { type: 'Equipments', brandId: run.brand.id };
  return undefined;
}

/** Wait for the next end of a run of `target` (its start was just answered). */
export function awaitRunEnd(target: AwaitedTarget): void {
  awaited.add(keyOf(target));
}

/** What a run's end says (the texts of docs/product.md#generation), or null when it says nothing of its own. */
export function runEndText(run: Run): { kind: 'success' | 'error'; text: string } | null {
  if (run.type === 'Events') return null;
  const [one, many] = run.type === 'Brands' ? ['brand', 'brands'] : ['model', 'models'];
  const name = (run.type === 'Brands' ? run.subcategory?.name : run.brand?.name) ?? '';
  switch (run.status) {
    case statusNames.generated:
      return { kind: 'success', text: `Generated ${run.items_added} new ${run.items_added === 1 ? one : many} for ${name}.` };
    case statusNames.noNewResults:
      return { kind: 'success', text: `Nothing new was found for ${name}.` };
    case statusNames.failed:
      return { kind: 'error', text: `Failed to generate ${many} for ${name}.` };
    case statusNames.insufficientTokens:
      return { kind: 'error', text: `Failed to generate ${many} for ${name}: insufficient tokens.` };
    default:
      // Cancelled (its cancel said so) or Skipped (its brand was excluded meanwhile, as the operator chose).
      return null;
  }
}

/** A `runchanged` payload: when it is the end of an awaited run, its toast. */
export function tellRunEnd(payload: unknown): void {
  const parsed = runChangedPayload.safeParse(payload);
  if (!parsed.success || parsed.data.run.finished_at === null) return;
  const target = targetOf(parsed.data.run);
  if (!target || !awaited.delete(keyOf(target))) return;
  const told = runEndText(parsed.data.run);
  if (told) toast[told.kind](told.text);
}

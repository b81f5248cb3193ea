import { statusNames } from '../../contract/statuses';
import type { Executor } from '../db/client';
import { droppedCount } from './generated-items';
import type { Charge } from './pricing';
import { requestOf } from './prompts';
import type { Generated, GenerationProvider } from './provider';
import type { Ending } from './run-end';
import { finishedRunTexts, unusableAnswerTexts, type AnswerTally } from './run-message';
import type { RunnerDeps } from './runner';
import { nothingStored, storeBrands, storeEvents, storeModels, type OnRefused, type Stored } from './store';
import type { TargetContext } from './targets';

/** A provider's answer for a run, and how to store its items. */
export interface Proposal {
  answer: Omit<Generated<unknown>, 'items'>;
  store: (tx: Executor, runId: number, onRefused: OnRefused) => Promise<Stored>;
}

/** Asks the provider for the run's target (events, brands or models). */
export async function propose(provider: GenerationProvider, context: TargetContext, signal: AbortSignal): Promise<Proposal> {
  const asked = requestOf(context);
  switch (asked.type) {
    case 'Events': {
      const answer = await provider.events(asked.request, signal);
      return { answer, store: (tx, runId, onRefused) => storeEvents(tx, runId, context, answer.items, onRefused) };
    }
    case 'Brands': {
      const answer = await provider.brands(asked.request, signal);
      return { answer, store: (tx, runId, onRefused) => storeBrands(tx, runId, context, answer.items, onRefused) };
    }
    case 'Equipments': {
      const answer = await provider.models(asked.request, signal);
      return { answer, store: (tx, runId, onRefused) => storeModels(tx, runId, context, answer.items, onRefused) };
    }
  }
}

/**
 * How a run its provider answered ends, inside the run's last transaction: stores what is new of the answer
 * (nothing of an unusable one), tallies it, and charges `charge` whatever of it was kept.
 */
export function answeredEnding(deps: RunnerDeps, runId: number, context: TargetContext, proposal: Proposal, charge: Charge) {
  const { answer } = proposal;
  return async (tx: Executor): Promise<Ending> => {
    const onRefused: OnRefused = (error) => deps.log.warn({ err: error, runId }, 'the database refused a generated item; it was dropped');
    const stored: Stored = answer.unusable ? nothingStored : await proposal.store(tx, runId, onRefused);
    const tally: AnswerTally = {
      proposed: answer.proposed,
      added: stored.ids.length,
      // The run's items_known counts all three: what was there already, under this name or another spelling of
      // it, and a name rejected before.
      known: stored.known + stored.duplicates + stored.rejectedBefore,
      duplicates: stored.duplicates,
      rejectedBefore: stored.rejectedBefore,
      dropped: [...answer.dropped, ...stored.dropped],
      unusable: answer.unusable,
    };
    const status = answerStatus(tally);
    const texts = (charged: Charge) =>
      (status === statusNames.failed ? unusableAnswerTexts : finishedRunTexts)(
        context,
        { tally, charge: charged, usage: answer.usage },
        deps.provider,
      );
    return { status, texts, usage: answer.usage, tally, created: stored.ids, charge };
  };
}

/**
 * How a run its provider answered ends: Generated when it added something; Failed when nothing of the answer could
 * be stored (no list in it, or every item it proposed dropped); otherwise No New Results (all already known or
 * skipped as duplicates, or nothing proposed).
 */
function answerStatus(tally: AnswerTally): string {
  if (tally.added > 0) return statusNames.generated;
  if (tally.unusable || (tally.proposed > 0 && droppedCount(tally.dropped) === tally.proposed)) return statusNames.failed;
  return statusNames.noNewResults;
}

import type { Balance } from '../tokens/ledger';
import { escapeHtml } from '../html';
import { droppedCount, type DroppedItems } from './generated-items';
import type { Charge } from './pricing';
import type { GenerationProvider, Usage } from './provider';
import { describeTarget, targetName, type TargetContext } from './targets';

/**
 * The texts a run leaves behind: its history message (HTML, every text from the catalogue or a provider escaped; the
 * SPA sanitises it again) and its status's hover text (plain). A run its provider answered says what the answer
 * proposed, what was kept, dropped and why, and what it was charged (docs/decisions/0019-one-charging-rule.md).
 */

const nouns = { Events: ['event', 'events'], Brands: ['brand', 'brands'], Equipments: ['model', 'models'] } as const;

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
const amount = (n: number) => n.toLocaleString('en-US');

function providerLine(provider: Pick<GenerationProvider, 'label'>): string {
  return provider.label === 'demo'
    ? 'Made by the offline demo generator: the results are made up.'
    : `AI model: ${escapeHtml(provider.label)}.`;
}

/** What a provider's answer came to once stored. */
export interface AnswerTally {
  proposed: number;
  added: number;
  /** Already in the catalogue, or repeated within the answer: the same name, or (`duplicates`) another spelling of it. */
  known: number;
  /** Of `known`, those that were another spelling of a name there: the same normal form, not the same name. */
  duplicates?: number;
  /** Of `known`, those whose normal form is a name rejected before (docs/decisions/0025-review-of-generated-items.md). */
  rejectedBefore?: number;
  /** Could not be stored: refused by the checks of generated-items.ts or by the database. */
  dropped: DroppedItems;
  /** Why nothing could be read from the answer (not JSON, no list), when so. */
  unusable?: string;
}

/** "start_date not a date", or "start_date not a date ×2, name missing ×1" */
function reasonsText(dropped: DroppedItems): string {
  if (dropped.length === 1) return dropped[0]?.reason ?? '';
  return dropped.map(({ reason, count }) => `${reason} ×${count}`).join(', ');
}

/**
 * "8 proposed: 4 added, 2 skipped as duplicates, 1 skipped as rejected before, 1 dropped (start_date not a date)",
 * "6 proposed, all already known", "nothing proposed"
 */
function itemsText(tally: AnswerTally): string {
  if (tally.unusable) return 'nothing could be read from the answer';
  if (tally.proposed === 0) return 'nothing proposed';
  const dropped = droppedCount(tally.dropped);
  const duplicates = tally.duplicates ?? 0;
  const rejectedBefore = tally.rejectedBefore ?? 0;
  const alreadyKnown = tally.known - duplicates - rejectedBefore;
  const parts = [
    tally.added > 0 ? { count: tally.added, text: 'added' } : undefined,
    alreadyKnown > 0 ? { count: alreadyKnown, text: 'already known' } : undefined,
    duplicates > 0 ? { count: duplicates, text: 'skipped as duplicates' } : undefined,
    rejectedBefore > 0 ? { count: rejectedBefore, text: 'skipped as rejected before' } : undefined,
    dropped > 0 ? { count: dropped, text: `dropped (${reasonsText(tally.dropped)})` } : undefined,
  ].filter((part) => part !== undefined);
  const [only] = parts;
  if (parts.length === 1 && only && tally.proposed > 1) return `${amount(tally.proposed)} proposed, all ${only.text}`;
  return `${amount(tally.proposed)} proposed: ${parts.map((part) => `${amount(part.count)} ${part.text}`).join(', ')}`;
}

/** "420 tokens charged", "4,100 tokens charged, the most this run could cost (the provider reported 130,000)" */
function chargeText(charge: Charge, usage: Usage): string {
  if (charge.basis === 'free') return 'nothing charged: the demo generator is free on this server';
  if (charge.tokens === 0) return 'nothing charged';
  const tokens = `${amount(charge.tokens)} ${charge.tokens === 1 ? 'token' : 'tokens'} charged`;
  const used = usage.inputTokens + usage.outputTokens;
  if (charge.tokens < used)
    return `${tokens}, the most this run could cost (the provider ${charge.basis === 'reported' ? 'reported' : 'used about'} ${amount(used)})`;
  return charge.basis === 'counted' ? `${tokens} (counted: the provider reported no usage)` : tokens;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** "8 proposed: 6 added, 2 dropped (start_date not a date); 420 tokens charged." */
export function tallyText(tally: AnswerTally, charge: Charge, usage: Usage): string {
  return sentence(`${itemsText(tally)}; ${chargeText(charge, usage)}`);
}

/** A run that stored what its provider answered (`tally.added` new items, maybe none). */
export function finishedRunTexts(
  context: TargetContext,
  answer: { tally: AnswerTally; charge: Charge; usage: Usage },
  provider: Pick<GenerationProvider, 'label'>,
) {
  const { added } = answer.tally;
  const [singular, plural] = nouns[context.target.type];
  const noun = added === 1 ? singular : plural;
  const tally = escapeHtml(tallyText(answer.tally, answer.charge, answer.usage));
  if (added === 0) {
    return {
      message: paragraphs(`No new results for the ${escapeHtml(describeTarget(context))}.`, tally, providerLine(provider)),
      statusText: 'No new results.',
    };
  }
  return {
    message: paragraphs(
      `Generated <strong>${added}</strong> new ${noun} for ${escapeHtml(targetName(context))}.`,
      tally,
      providerLine(provider),
    ),
    statusText: `Generated ${added} new ${noun}.`,
  };
}

/**
 * A run its provider answered with nothing that could be stored (an answer that is not JSON, or whose every item
 * was dropped): it failed, and is charged all the same, which its texts say.
 */
export function unusableAnswerTexts(
  context: TargetContext,
  answer: { tally: AnswerTally; charge: Charge; usage: Usage },
  provider: Pick<GenerationProvider, 'label'>,
) {
  const [singular, plural] = nouns[context.target.type];
  const { proposed } = answer.tally;
  const reason =
    answer.tally.unusable ??
    (proposed === 1
      ? `The one ${singular} the AI provider proposed could not be stored.`
      : `None of the ${amount(proposed)} ${plural} the AI provider proposed could be stored.`);
  const tally = tallyText(answer.tally, answer.charge, answer.usage);
  return {
    message: paragraphs(escapeHtml(reason), escapeHtml(tally), providerLine(provider)),
    statusText: `${reason} ${tally}`,
  };
}

/** A run that ended without storing anything: the reason, as the message and the hover text. */
export function failedRunTexts(text: string) {
  return { message: paragraphs(escapeHtml(text)), statusText: text };
}

/** A queued run whose brand was excluded before its turn: it never asked its provider and cost nothing. */
export const skippedExcludedText = 'Skipped: the brand was excluded. Nothing was generated or charged.';

/** The 402 text: what a run needs and what the balance offers. */
export function insufficientText(needed: number, available: Pick<Balance, 'available' | 'held'>): string {
  const offered =
    available.held > 0
      ? `${amount(available.available)} are available (${amount(available.held)} held for runs under way)`
      : `the balance is ${amount(available.available)}`;
  return `This generation needs up to ${amount(needed)} tokens; ${offered}.`;
}

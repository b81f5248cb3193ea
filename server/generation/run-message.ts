import type { Balance } from '../tokens/ledger';
import { escapeHtml } from '../html';
import type { GenerationProvider } from './provider';
import { describeTarget, targetName, type TargetContext } from './targets';

/**
 * The texts a run leaves behind: its history message (HTML, every text from the catalogue or a provider escaped; the
 * SPA sanitises it again) and its status's hover text (plain).
 */

const nouns = { Events: ['event', 'events'], Brands: ['brand', 'brands'], Equipments: ['model', 'models'] } as const;

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

function providerLine(provider: Pick<GenerationProvider, 'label'>): string {
  return provider.label === 'demo' ? 'Made by the offline demo generator: the items are made up.' : `Model: ${escapeHtml(provider.label)}.`;
}

/** A run that stored what it generated (`created` new items, maybe none). */
export function finishedRunTexts(context: TargetContext, created: number, provider: Pick<GenerationProvider, 'label'>) {
  const [singular, plural] = nouns[context.target.type];
  const noun = created === 1 ? singular : plural;
  if (created === 0) {
    return {
      message: paragraphs(`Nothing new was found for the ${escapeHtml(describeTarget(context))}.`, providerLine(provider)),
      statusText: 'Nothing new was found.',
    };
  }
  return {
    message: paragraphs(`Generated <strong>${created}</strong> new ${noun} for ${escapeHtml(targetName(context))}.`, providerLine(provider)),
    statusText: `Generated ${created} new ${noun}.`,
  };
}

/** A run that ended without storing anything: the reason, as the message and the hover text. */
export function failedRunTexts(text: string) {
  return { message: paragraphs(escapeHtml(text)), statusText: text };
}

/** The 402 text: what a run needs and what the balance offers. */
export function insufficientText(needed: number, available: Pick<Balance, 'available' | 'held'>): string {
  const amount = (n: number) => n.toLocaleString('en-US');
  const offered =
    available.held > 0
      ? `${amount(available.available)} are available (${amount(available.held)} held for runs under way)`
      : `the balance is ${amount(available.available)}`;
  return `This generation needs up to ${amount(needed)} tokens; ${offered}.`;
}

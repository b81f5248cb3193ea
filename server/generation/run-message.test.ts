import { describe, expect, it } from 'vitest';
import { failedRunTexts, finishedRunTexts, insufficientText, tallyText, unusableAnswerTexts } from './run-message';
import type { TargetContext } from './targets';

const brands: TargetContext = {
  target: { type: 'Brands', categoryId: 1, subcategoryId: 2, brandId: null },
  category: 'Construction',
  subcategory: 'Cranes <b>& lifts</b>',
  brand: null,
  known: [],
};
const models: TargetContext = {
  target: { type: 'Equipments', categoryId: 1, subcategoryId: 2, brandId: 3 },
  category: 'Construction',
  subcategory: 'Cranes',
  brand: 'Liebherr',
  known: [],
};

describe('the texts a run leaves behind', () => {
  const usage = { inputTokens: 300, outputTokens: 120 };
  const reported = { tokens: 420, basis: 'reported' } as const;
  const added = (n: number) => ({ tally: { proposed: n, added: n, known: 0, dropped: [] }, charge: reported, usage });

  it('counts what was generated, with the right noun, the target escaped, what it cost and who made it', () => {
    expect(finishedRunTexts(brands, added(3), { label: 'demo' })).toEqual({
      message:
        '<p>Generated <strong>3</strong> new brands for Cranes &lt;b&gt;&amp; lifts&lt;/b&gt;.</p><p>3 proposed, all added; 420 tokens charged.</p>' +
        '<p>Made by the offline demo generator: the results are made up.</p>',
      statusText: 'Generated 3 new brands.',
    });
    expect(finishedRunTexts(models, added(1), { label: 'gpt-4o-mini' })).toEqual({
      message:
        '<p>Generated <strong>1</strong> new model for Liebherr.</p><p>1 proposed: 1 added; 420 tokens charged.</p><p>AI model: gpt-4o-mini.</p>',
      statusText: 'Generated 1 new model.',
    });
  });

  it('says when nothing new was found, and that it was paid for', () => {
    const known = { tally: { proposed: 6, added: 0, known: 6, dropped: [] }, charge: reported, usage };
    expect(finishedRunTexts(models, known, { label: '<img src=x>' })).toEqual({
      message:
        '<p>No new results for the models of Liebherr.</p><p>6 proposed, all already known; 420 tokens charged.</p><p>AI model: &lt;img src=x&gt;.</p>',
      statusText: 'No new results.',
    });
  });

  it('tells apart what was already known, another spelling of it, and a name rejected before', () => {
    expect(tallyText({ proposed: 5, added: 1, known: 4, duplicates: 2, rejectedBefore: 1, dropped: [] }, reported, usage)).toBe(
      '5 proposed: 1 added, 1 already known, 2 skipped as duplicates, 1 skipped as rejected before; 420 tokens charged.',
    );
    expect(tallyText({ proposed: 2, added: 0, known: 2, rejectedBefore: 2, dropped: [] }, reported, usage)).toBe(
      '2 proposed, all skipped as rejected before; 420 tokens charged.',
    );
  });

  it('says what was kept, dropped and why, and how the charge was reckoned', () => {
    const dropped = [{ reason: 'start_date not a date', count: 2 }];
    expect(tallyText({ proposed: 8, added: 6, known: 0, dropped }, reported, usage)).toBe(
      '8 proposed: 6 added, 2 dropped (start_date not a date); 420 tokens charged.',
    );
    expect(
      tallyText(
        { proposed: 9, added: 5, known: 1, dropped: [...dropped, { reason: 'name missing', count: 1 }] },
        { tokens: 420, basis: 'counted' },
        usage,
      ),
    ).toBe(
      '9 proposed: 5 added, 1 already known, 3 dropped (start_date not a date ×2, name missing ×1); 420 tokens charged (counted: the provider reported no usage).',
    );
    expect(
      tallyText(
        { proposed: 0, added: 0, known: 0, dropped: [] },
        { tokens: 4_100, basis: 'reported' },
        { inputTokens: 60_000, outputTokens: 70_000 },
      ),
    ).toBe('Nothing proposed; 4,100 tokens charged, the most this run could cost (the provider reported 130,000).');
    expect(tallyText({ proposed: 2, added: 2, known: 0, dropped: [] }, { tokens: 0, basis: 'free' }, usage)).toBe(
      '2 proposed, all added; nothing charged: the demo generator is free on this server.',
    );
  });

  it('says how many were skipped as duplicates (another spelling of a name there) apart from those already known', () => {
    const dropped = [{ reason: 'start_date not a date', count: 1 }];
    expect(tallyText({ proposed: 8, added: 5, known: 2, duplicates: 2, dropped }, reported, usage)).toBe(
      '8 proposed: 5 added, 2 skipped as duplicates, 1 dropped (start_date not a date); 420 tokens charged.',
    );
    expect(tallyText({ proposed: 9, added: 5, known: 4, duplicates: 1, dropped: [] }, reported, usage)).toBe(
      '9 proposed: 5 added, 3 already known, 1 skipped as duplicates; 420 tokens charged.',
    );
    const skipped = { tally: { proposed: 3, added: 0, known: 3, duplicates: 3, dropped: [] }, charge: reported, usage };
    expect(finishedRunTexts(brands, skipped, { label: 'm' }).message).toBe(
      '<p>No new results for the brands of Cranes &lt;b&gt;&amp; lifts&lt;/b&gt;.</p><p>3 proposed, all skipped as duplicates; 420 tokens charged.</p><p>AI model: m.</p>',
    );
  });

  it('says an answer nothing could be stored from failed, and was charged all the same', () => {
    const all = {
      tally: { proposed: 6, added: 0, known: 0, dropped: [{ reason: 'start_date not a date', count: 6 }] },
      charge: reported,
      usage,
    };
    expect(unusableAnswerTexts(models, all, { label: 'm' })).toEqual({
      message:
        '<p>None of the 6 models the AI provider proposed could be stored.</p><p>6 proposed, all dropped (start_date not a date); 420 tokens charged.</p><p>AI model: m.</p>',
      statusText:
        'None of the 6 models the AI provider proposed could be stored. 6 proposed, all dropped (start_date not a date); 420 tokens charged.',
    });
    const notJson = {
      tally: { proposed: 0, added: 0, known: 0, dropped: [], unusable: "The AI provider's answer is not JSON." },
      charge: reported,
      usage,
    };
    expect(unusableAnswerTexts(models, notJson, { label: 'm' }).statusText).toBe(
      "The AI provider's answer is not JSON. Nothing could be read from the answer; 420 tokens charged.",
    );
  });

  it('keeps a failure reason plain for the hover text and escaped in the message', () => {
    expect(failedRunTexts('The provider said <no>.')).toEqual({
      message: '<p>The provider said &lt;no&gt;.</p>',
      statusText: 'The provider said <no>.',
    });
  });

  it('says what a run needs and what the balance offers', () => {
    expect(insufficientText(4_300, { available: 1_200, held: 0 })).toBe('This generation needs up to 4,300 tokens; the balance is 1,200.');
    expect(insufficientText(4_300, { available: 1_200, held: 8_600 })).toBe(
      'This generation needs up to 4,300 tokens; 1,200 are available (8,600 held for runs under way).',
    );
  });
});

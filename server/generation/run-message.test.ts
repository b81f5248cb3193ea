import { describe, expect, it } from 'vitest';
import { failedRunTexts, finishedRunTexts, insufficientText } from './run-message';
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
  it('counts what was generated, with the right noun, the target escaped and who made it', () => {
    expect(finishedRunTexts(brands, 3, { label: 'demo' })).toEqual({
      message:
        '<p>Generated <strong>3</strong> new brands for Cranes &lt;b&gt;&amp; lifts&lt;/b&gt;.</p><p>Made by the offline demo generator: the items are made up.</p>',
      statusText: 'Generated 3 new brands.',
    });
    expect(finishedRunTexts(models, 1, { label: 'gpt-4o-mini' })).toEqual({
      message: '<p>Generated <strong>1</strong> new model for Liebherr.</p><p>Model: gpt-4o-mini.</p>',
      statusText: 'Generated 1 new model.',
    });
  });

  it('says when nothing new was found', () => {
    expect(finishedRunTexts(models, 0, { label: '<img src=x>' })).toEqual({
      message: '<p>Nothing new was found for the models of Liebherr.</p><p>Model: &lt;img src=x&gt;.</p>',
      statusText: 'Nothing new was found.',
    });
  });

  it('keeps a failure reason plain for the hover text and escaped in the message', () => {
    expect(failedRunTexts('The provider said <no>.')).toEqual({ message: '<p>The provider said &lt;no&gt;.</p>', statusText: 'The provider said <no>.' });
  });

  it('says what a run needs and what the balance offers', () => {
    expect(insufficientText(4_300, { available: 1_200, held: 0 })).toBe('This generation needs up to 4,300 tokens; the balance is 1,200.');
    expect(insufficientText(4_300, { available: 1_200, held: 8_600 })).toBe(
      'This generation needs up to 4,300 tokens; 1,200 are available (8,600 held for runs under way).',
    );
  });
});

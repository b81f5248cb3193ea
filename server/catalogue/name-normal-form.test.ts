import { describe, expect, it } from 'vitest';
import { nameKey, nameNormalForm, nearNameForm, sameNormalName } from './name-normal-form';

describe('the normal form of a name', () => {
  it('makes one brand of its spellings in case and legal form', () => {
    expect(['CLAAS', 'Claas KGaA mbH', 'Claas', 'claas GmbH & Co. KG', ' Claas  AG '].map((name) => nameNormalForm(name, 'brand'))).toEqual(
      ['claas', 'claas', 'claas', 'claas', 'claas'],
    );
  });

  it('keeps apart brands that share a word', () => {
    expect(sameNormalName('Bosch', 'Bosch Rexroth', 'brand')).toBe(false);
    expect(sameNormalName('Bosch', 'Bosch Rexroth AG', 'brand')).toBe(false);
    expect(sameNormalName('Liebherr', 'Liebherr-Aerospace', 'brand')).toBe(false);
    expect(sameNormalName('Case', 'Case IH', 'brand')).toBe(false);
  });

  it('removes accents, and spells the letters without one plainly', () => {
    expect(nameNormalForm('Müller', 'brand')).toBe('muller');
    expect(sameNormalName('Müller', 'Muller', 'brand')).toBe(true);
    expect(nameNormalForm('Väderstad', 'brand')).toBe('vaderstad');
    expect(nameNormalForm('Bøgballe A/S', 'brand')).toBe('bogballe');
    expect(nameNormalForm('Großmann', 'brand')).toBe('grossmann');
    expect(nameNormalForm('ＪＣＢ', 'brand')).toBe('jcb');
  });

  it('reads punctuation, symbols and any whitespace as one space', () => {
    expect(nameNormalForm('JCB-3CX', 'model')).toBe('jcb 3cx');
    expect(sameNormalName('JCB-3CX', 'JCB 3CX', 'model')).toBe(true);
    expect(nameNormalForm('Bobcat®', 'brand')).toBe('bobcat');
    expect(nameNormalForm('T7.315\u00a0 Auto\tCommand', 'model')).toBe('t7 315 auto command');
    expect(nameNormalForm('Black & Decker', 'brand')).toBe(nameNormalForm('Black and Decker', 'brand'));
  });

  it('drops the legal forms at the end only, never the whole name, and not "co" inside a word', () => {
    expect(nameNormalForm('Merlo S.p.A.', 'brand')).toBe('merlo');
    expect(nameNormalForm('Merlo SpA', 'brand')).toBe('merlo');
    expect(nameNormalForm('Manitou BF S.A.', 'brand')).toBe('manitou bf');
    expect(nameNormalForm('Hyva B.V.', 'brand')).toBe('hyva');
    expect(nameNormalForm('Komatsu Ltd.', 'brand')).toBe('komatsu');
    expect(nameNormalForm('Deere & Company', 'brand')).toBe('deere');
    expect(nameNormalForm('Lectura S.A.S.', 'brand')).toBe('lectura');
    expect(nameNormalForm('Atlas Copco AB', 'brand')).toBe('atlas copco');
    expect(nameNormalForm('Co.', 'brand')).toBe('co');
    expect(nameNormalForm('AG', 'brand')).toBe('ag');
    expect(nameNormalForm('Cobra', 'brand')).toBe('cobra');
    expect(nameNormalForm('AG Leader', 'brand')).toBe('ag leader');
    expect(nameNormalForm('Atlas Copco', 'brand')).toBe('atlas copco');
  });

  it('leaves the end of a model or an event as it is: there "SA" or "AG" is part of the name', () => {
    expect(nameNormalForm('Tiger 6 SA', 'model')).toBe('tiger 6 sa');
    expect(nameNormalForm('Fair Co', 'event')).toBe('fair co');
  });

  it('matches on the normal form without spaces, and never on an empty one', () => {
    expect(nameKey('PC210-LC', 'model')).toBe(nameKey('PC210LC', 'model'));
    expect(sameNormalName('320 GC', '320GC', 'model')).toBe(true);
    expect(sameNormalName('320 GC', '330 GC', 'model')).toBe(false);
    expect(sameNormalName('PC210', 'PC210LC', 'model')).toBe(false);
    expect(nameNormalForm('—', 'brand')).toBe('');
    expect(sameNormalName('—', '…', 'brand')).toBe(false);
  });

  it('compares near matches in a form without spelt-out umlauts, nor, for a brand, the words of its kind of company', () => {
    expect(['Vögele', 'Voegele', 'VOGELE'].map((name) => nearNameForm(name, 'brand'))).toEqual(['vogele', 'vogele', 'vogele']);
    expect(nearNameForm('Hitachi Construction Machinery', 'brand')).toBe('hitachi');
    expect(nearNameForm('The Manitowoc Company', 'brand')).toBe('manitowoc');
    // What names another maker or line stays; a name of such words alone is kept whole.
    expect(nearNameForm('Volvo Trucks', 'brand')).toBe('volvo trucks');
    expect(nearNameForm('Heavy Equipment', 'brand')).toBe('heavy equipment');
    // Only a brand drops them: a model or an event keeps its words.
    expect(nearNameForm('Jaguar 990 Group', 'model')).toBe('jaguar 990 group');
  });
});

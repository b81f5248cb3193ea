/**
 * The normal form of a catalogue name, in which two spellings of one brand, model or event compare equal: lower
 * case, accents removed, punctuation and symbols as spaces, whitespace collapsed, and, for a brand, its company's
 * legal form dropped from the end ("Claas KGaA mbH", "CLAAS" and "Claas" are one brand). A generated name whose
 * normal form is already in its target is not stored (server/generation/store.ts).
 */

/** What a name names: a brand's name may end in a legal form; a model's or an event's does not. */
export type NameKind = 'brand' | 'model' | 'event';

/** Letters NFKD leaves whole (they are not a letter plus a mark), spelt as their plain Latin counterparts. */
const unaccented: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * The legal forms dropped from the end of a brand's name, as tokens once punctuation is gone ("S.p.A." is
 * "s p a"). Only legal forms are here, the words that say how a company is incorporated and never which company
 * it is: German (GmbH, mbH, AG, KG, KGaA, OHG, UG, SE), English (Inc, Incorporated, Ltd, Limited, LLC, LLP, PLC,
 * Corp, Corporation, Co, Company, Pty, Pvt), Romance (SA, SpA, Srl, SARL, SAS, SL, Ltda), Dutch and Belgian (BV,
 * NV), Nordic (AB, AS, A/S, Oy, Oyj) and Japanese (KK). Descriptive words ("Group", "Industries", "Maschinenfabrik",
 * "Construction") stay: "Doosan" and "Doosan Industrial Vehicle" may be different makers, which only an operator
 * can tell (a later similarity check flags them). A brand's name is never dropped whole: "Co" stays "co".
 */
const legalForms = [
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'kgaa',
  'k g a a',
  'ohg',
  'ug',
  'se',
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'l l c',
  'llp',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'pty',
  'pvt',
  'sa',
  's a',
  'spa',
  's p a',
  'srl',
  's r l',
  'sarl',
  'sas',
  's a s',
  'sl',
  's l',
  'ltda',
  'bv',
  'b v',
  'nv',
  'n v',
  'ab',
  'as',
  'a s',
  'oy',
  'oyj',
  'kk',
  'k k',
]
  .map((form) => form.split(' '))
  // The longest first: "S.A.S." is dropped whole, not as "S." before "A.S.".
  .sort((a, b) => b.length - a.length);

/** The last tokens of the legal forms: a name ending in none of them has no legal form to drop. */
const legalFormEnds = new Set(legalForms.map((form) => form[form.length - 1]));

/** Whether `tokens` end with `form`, leaving at least one token before it. */
function endsWithForm(tokens: readonly string[], form: readonly string[]): boolean {
  if (tokens.length <= form.length) return false;
  return form.every((token, index) => tokens[tokens.length - form.length + index] === token);
}

/** The tokens without the legal forms at their end ("claas kgaa mbh" → "claas"; "smith and co kg" → "smith"). */
function withoutLegalForms(tokens: string[]): string[] {
  let rest = tokens;
  for (;;) {
    if (!legalFormEnds.has(rest[rest.length - 1])) return rest;
    const form = legalForms.find((candidate) => endsWithForm(rest, candidate));
    if (!form) return rest;
    rest = rest.slice(0, rest.length - form.length);
    // "& Co. KG": the "and" joined the dropped form to the name.
    if (rest.length > 1 && rest[rest.length - 1] === 'and') rest = rest.slice(0, -1);
  }
}

/**
 * The normal form of a name: "Claas KGaA mbH" → "claas", "Müller" → "muller", "JCB-3CX" → "jcb 3cx". Empty for a
 * name of punctuation only.
 */
export function nameNormalForm(name: string, kind: NameKind): string {
  // Most names are printable ASCII: they need neither the accents' decomposition nor the Unicode classes (a run checks
  // 25,000 names at once, docs/figures.md). Every printable ASCII character other than a letter or digit is
  // punctuation, a symbol or a space.
  const ascii = /^[ -~]*$/.test(name);
  const lower = ascii
    ? name.toLowerCase()
    : name
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[ßæœøłđðþı]/g, (letter) => unaccented[letter] ?? letter);
  // "Black & Decker" is "Black and Decker" ("&" before a legal form is dropped with it); "HD+ 110" is "HD Plus
  // 110", another model than "HD 110".
  const spelt = lower.replace(/&/g, ' and ').replace(/\+/g, ' plus ');
  const plain = (ascii ? spelt.replace(/[^a-z0-9]+/g, ' ') : spelt.replace(/[\p{P}\p{S}\p{Z}\p{C}\s]+/gu, ' ')).trim();
  if (plain === '') return '';
  const tokens = plain.split(' ');
  return (kind === 'brand' ? withoutLegalForms(tokens) : tokens).join(' ');
}

/**
 * The key two names share when they are one: the normal form without its spaces, so that "320 GC" and "320GC",
 * "PC210-LC" and "PC210LC", "O'Neil" and "ONeil" meet. Empty for a name of punctuation only (it matches nothing).
 */
export function nameKey(name: string, kind: NameKind): string {
  return nameNormalForm(name, kind).replaceAll(' ', '');
}

/** Whether two names are one in the normal form (the exact match of the duplicate check). */
export function sameNormalName(a: string, b: string, kind: NameKind): boolean {
  const key = nameKey(a, kind);
  return key !== '' && key === nameKey(b, kind);
}

/**
 * Words that say what kind of company a brand is, never which one: dropped from a brand's near form, so that
 * "Hitachi Construction Machinery" and "Sany Heavy Industry" come close to "Hitachi" and "Sany". Only words of that
 * kind: a product line ("Trucks", "Tractors", "Cranes") or a place may name another maker ("Volvo Trucks" is not
 * "Volvo"), so they stay. A name made of these words alone keeps them.
 */
const companyKindWords = new Set([
  'the',
  'group',
  'holding',
  'holdings',
  'industries',
  'industry',
  'industri',
  'industrie',
  'machinery',
  'maschinen',
  'maschinenfabrik',
  'motorenfabrik',
  'werke',
  'manufacturing',
  'mfg',
  'equipment',
  'construction',
  'heavy',
]);

/**
 * The form in which a name is compared by trigram similarity with its target's names, for the likely duplicates a
 * run flags (server/generation/near-duplicates.ts): the normal form, a German umlaut spelt out folded to its letter
 * ("Voegele", "Vögele" and "Vogele" meet), and for a brand the words of `companyKindWords` dropped. The threshold
 * it is compared at was measured on the labelled pairs (docs/figures.md).
 */
export function nearNameForm(name: string, kind: NameKind): string {
  return nearFormOfNormal(nameNormalForm(name, kind), kind);
}

/** `nearNameForm` of a name whose normal form (`nameNormalForm`) is `normal`. */
export function nearFormOfNormal(normal: string, kind: NameKind): string {
  const folded = normal.replace(/([a-z])([aou])e/g, '$1$2');
  if (kind !== 'brand') return folded;
  const tokens = folded.split(' ');
  const kept = tokens.filter((token) => !companyKindWords.has(token));
  return (kept.length > 0 ? kept : tokens).join(' ');
}

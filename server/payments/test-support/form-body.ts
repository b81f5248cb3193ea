/**
 * Parses the form encoding the Stripe SDK and Stripe.js send (`a[b][c]=v`, indexed arrays `a[0]=v`) into nested
 * objects and arrays, as Stripe's API reads it.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function pathOf(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const segments = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = pathOf(key);
    let node: FormObject = root;
    path.forEach((segment, i) => {
      // `a[]=x` appends: give it the next free index.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return arraysFromIndexes(root) as FormObject;
}

/** A string member of a parsed form, if it is one. */
export function text(form: FormObject | undefined, key: string): string | undefined {
  const value = form?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** An object member of a parsed form, if it is one. */
export function child(form: FormObject | undefined, key: string): FormObject | undefined {
  const value = form?.[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

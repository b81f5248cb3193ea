import { describe, expect, it } from 'vitest';
import { layoutOf, moveColumn, settingsOf, settingsShowing } from './layout';
import { settingsAfterChange, shownLayoutOf, type ScopeRule } from './scope-columns';

const defined = ['select', 'name', 'category', 'seo_title', 'actions'];

describe('layoutOf', () => {
  it('no settings: the grid as designed', () => {
    expect(layoutOf([], defined)).toEqual({ order: defined, visibility: {}, sizing: {} });
  });
  it('reads order, hidden columns and widths; drops columns the grid no longer has', () => {
    const layout = layoutOf(
      [
        { id: 'seo_title', hidden: true, width: null },
        { id: 'gone', hidden: true, width: 90 },
        { id: 'category', hidden: false, width: 220 },
        { id: 'select', hidden: false, width: null },
        { id: 'name', hidden: false, width: null },
        { id: 'actions', hidden: false, width: null },
      ],
      defined,
    );
    expect(layout).toEqual({
      order: ['seo_title', 'category', 'select', 'name', 'actions'],
      visibility: { seo_title: false },
      sizing: { category: 220 },
    });
  });
  it('puts a column added since after the column designed before it', () => {
    expect(
      layoutOf(
        [
          { id: 'actions', hidden: false, width: null },
          { id: 'name', hidden: false, width: null },
        ],
        ['name', 'created', 'actions'],
      ).order,
    ).toEqual(['actions', 'name', 'created']);
    expect(layoutOf([{ id: 'name', hidden: false, width: null }], ['first', 'name']).order).toEqual(['first', 'name']);
  });
});

describe('settingsOf', () => {
  it('keeps nothing for the grid as designed (Reset columns)', () => {
    expect(settingsOf({ order: [], visibility: {}, sizing: {} }, defined)).toEqual([]);
    expect(settingsOf({ order: defined, visibility: { name: true }, sizing: {} }, defined)).toEqual([]);
  });
  it('keeps every column in order with its hidden flag and whole-pixel width within bounds', () => {
    const settings = settingsOf(
      { order: ['name', 'select'], visibility: { category: false }, sizing: { name: 250.4, seo_title: 3, actions: 99_999 } },
      defined,
    );
    expect(settings).toEqual([
      { id: 'name', hidden: false, width: 250 },
      { id: 'select', hidden: false, width: null },
      { id: 'category', hidden: true, width: null },
      { id: 'seo_title', hidden: false, width: 48 },
      { id: 'actions', hidden: false, width: 2000 },
    ]);
  });
  it('round-trips through layoutOf', () => {
    const layout = {
      order: ['category', 'select', 'name', 'seo_title', 'actions'],
      visibility: { seo_title: false },
      sizing: { name: 300 },
    };
    expect(layoutOf(settingsOf(layout, defined), defined)).toEqual(layout);
  });
});

describe('moveColumn', () => {
  const movable = (id: string) => id !== 'select' && id !== 'actions';
  it('swaps with the next movable neighbour', () => {
    expect(moveColumn(defined, 'category', 1, movable)).toEqual(['select', 'name', 'seo_title', 'category', 'actions']);
    expect(moveColumn(defined, 'category', -1, movable)).toEqual(['select', 'category', 'name', 'seo_title', 'actions']);
  });
  it('stays at either end and never moves a pinned column', () => {
    expect(moveColumn(defined, 'name', -1, movable)).toEqual(defined);
    expect(moveColumn(defined, 'seo_title', 1, movable)).toEqual(defined);
    expect(moveColumn(defined, 'actions', -1, movable)).toEqual(defined);
  });
});

describe('settingsShowing', () => {
  const hideable = new Set(['category', 'seo_title']);
  const own = [
    { id: 'seo_title', hidden: true, width: 300 },
    { id: 'category', hidden: false, width: 120 },
  ];
  it("shows the named columns in their order with the operator's widths, hides the other hideable ones", () => {
    const layout = layoutOf(settingsShowing(['select', 'name', 'seo_title', 'actions'], own, defined, hideable), defined);
    expect(layout.order).toEqual(['select', 'name', 'seo_title', 'actions', 'category']);
    expect(layout.visibility).toEqual({ category: false });
    expect(layout.sizing).toEqual({ seo_title: 300, category: 120 });
  });
  it('a column that cannot be hidden keeps its designed place when not named; unknown ids are ignored', () => {
    const layout = layoutOf(settingsShowing(['category', 'nope', 'name'], [], defined, hideable), defined);
    expect(layout.order).toEqual(['select', 'category', 'name', 'seo_title', 'actions']);
    expect(layout.visibility).toEqual({ seo_title: false });
  });
});

describe('scope columns (docs/decisions/0023-scope-columns-yield-to-decision-columns.md)', () => {
  // select 40 + name 200 + category 150 + seo_title 200 + actions 120 = 710 px designed.
  const designedWidth = { select: 40, name: 200, category: 150, seo_title: 200, actions: 120 };
  const rule = (boxWidth: number | undefined): ScopeRule => ({ scope: ['category'], designedWidth, boxWidth });

  it('a scope column nobody spoke of yields while the box is narrower than the columns', () => {
    expect(shownLayoutOf([], defined, rule(700)).layout.visibility).toEqual({ category: false });
    expect(shownLayoutOf([], defined, rule(700)).yielded).toEqual(['category']);
    expect(shownLayoutOf([], defined, rule(710)).yielded).toEqual([]);
    // Until the box is measured the grid shows its design.
    expect(shownLayoutOf([], defined, rule(undefined)).yielded).toEqual([]);
  });
  it("counts the operator's widths and hidden columns", () => {
    const narrower = [
      { id: 'seo_title', hidden: true, width: null },
      { id: 'name', hidden: false, width: 300 },
    ];
    // 40 + 300 + 150 + 120 = 610: room enough for Category once SEO Title is hidden.
    expect(shownLayoutOf(narrower, defined, rule(650)).yielded).toEqual([]);
    expect(shownLayoutOf(narrower, defined, rule(600)).yielded).toEqual(['category']);
  });
  it("a setting that names the column wins: the operator's, or a link's (settingsShowing names every hideable column)", () => {
    const shown = [{ id: 'category', hidden: false, width: null }];
    expect(shownLayoutOf(shown, defined, rule(300)).layout.visibility).toEqual({});
    const link = settingsShowing(['name', 'category'], [], defined, new Set(['category', 'seo_title']));
    expect(shownLayoutOf(link, defined, rule(300)).layout.visibility).toEqual({ seo_title: false });
  });
  it('another change keeps a yielded column out of the settings, so the rule still decides it', () => {
    const before = shownLayoutOf([], defined, rule(500));
    const widened = { ...before.layout, sizing: { seo_title: 260 } };
    const settings = settingsAfterChange(widened, [], defined, before.yielded, ['category']);
    expect(settings.map((s) => s.id)).toEqual(['select', 'name', 'seo_title', 'actions']);
    expect(settings.find((s) => s.id === 'seo_title')).toEqual({ id: 'seo_title', hidden: false, width: 260 });
    // Back to the design: nothing kept.
    expect(settingsAfterChange(before.layout, [], defined, before.yielded, ['category'])).toEqual([]);
  });
  it('showing it from the Columns menu is kept, even when the grid is otherwise as designed', () => {
    const before = shownLayoutOf([], defined, rule(500));
    const shown = { ...before.layout, visibility: { ...before.layout.visibility, category: true } };
    const settings = settingsAfterChange(shown, [], defined, before.yielded, ['category']);
    expect(settings.find((s) => s.id === 'category')).toEqual({ id: 'category', hidden: false, width: null });
    expect(shownLayoutOf(settings, defined, rule(500)).yielded).toEqual([]);
    // A later change that brings the rest back to the design keeps it shown.
    const later = settingsAfterChange(layoutOf(settings, defined), settings, defined, [], ['category']);
    expect(later.find((s) => s.id === 'category')?.hidden).toBe(false);
  });
  it("hiding it is kept as the operator's choice, whatever the width", () => {
    const hidden = settingsAfterChange({ order: defined, visibility: { category: false }, sizing: {} }, [], defined, [], ['category']);
    expect(hidden.find((s) => s.id === 'category')?.hidden).toBe(true);
    expect(shownLayoutOf(hidden, defined, rule(2000)).layout.visibility).toEqual({ category: false });
  });
});

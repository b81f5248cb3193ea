import { describe, expect, it } from 'vitest';
import { layoutOf, moveColumn, settingsOf, settingsShowing } from './layout';

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

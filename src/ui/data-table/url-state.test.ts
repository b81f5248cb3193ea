import { describe, expect, it } from 'vitest';
import { columnsFromSearch, columnsToSearch, filterToSearch, searchFromSorting, sortingFromSearch, tableSearchSchema } from './url-state';

describe('tableSearchSchema', () => {
  it('keeps valid params', () => {
    expect(tableSearchSchema.parse({ sort: 'name', dir: 'desc', q: 'acme' })).toEqual({ sort: 'name', dir: 'desc', q: 'acme' });
  });
  it('drops invalid params instead of failing', () => {
    expect(tableSearchSchema.parse({ sort: 42, dir: 'sideways', q: 'x'.repeat(300) })).toEqual({});
  });
});

describe('sortingFromSearch', () => {
  const sortable = ['name', 'created_at'];
  it('reads a sortable column and its direction', () => {
    expect(sortingFromSearch({ sort: 'created_at', dir: 'desc' }, sortable)).toEqual([{ id: 'created_at', desc: true }]);
    expect(sortingFromSearch({ sort: 'name' }, sortable)).toEqual([{ id: 'name', desc: false }]);
  });
  it('ignores a column that may not be sorted by', () => {
    expect(sortingFromSearch({ sort: 'password', dir: 'asc' }, sortable)).toEqual([]);
    expect(sortingFromSearch({ sort: 'password' }, sortable, { id: 'name', desc: false })).toEqual([{ id: 'name', desc: false }]);
  });
  it('falls back to the default sort', () => {
    expect(sortingFromSearch({}, sortable, { id: 'created_at', desc: true })).toEqual([{ id: 'created_at', desc: true }]);
  });
});

describe('searchFromSorting', () => {
  const fallback = { id: 'name', desc: false };
  it('writes the sort and its direction', () => {
    expect(searchFromSorting([{ id: 'created_at', desc: true }], fallback)).toEqual({ sort: 'created_at', dir: 'desc' });
    expect(searchFromSorting([{ id: 'name', desc: true }], fallback)).toEqual({ sort: 'name', dir: 'desc' });
  });
  it('leaves the URL clean for the default sort or none', () => {
    expect(searchFromSorting([{ id: 'name', desc: false }], fallback)).toEqual({ sort: undefined, dir: undefined });
    expect(searchFromSorting([])).toEqual({ sort: undefined, dir: undefined });
  });
  it('round-trips through sortingFromSearch', () => {
    const sorting = [{ id: 'created_at', desc: false }];
    expect(sortingFromSearch(searchFromSorting(sorting, fallback), ['name', 'created_at'], fallback)).toEqual(sorting);
  });
});

describe('filterToSearch', () => {
  it('trims and drops empty text', () => {
    expect(filterToSearch('  acme ')).toBe('acme');
    expect(filterToSearch('   ')).toBeUndefined();
    expect(filterToSearch(undefined)).toBeUndefined();
  });
});

describe('columnsFromSearch / columnsToSearch', () => {
  it('reads the visible columns in order, each once, and writes them back', () => {
    expect(columnsFromSearch('name, status,,name,created_at')).toEqual(['name', 'status', 'created_at']);
    expect(columnsToSearch(['name', 'status'])).toBe('name,status');
  });
  it("none named: the operator's own columns", () => {
    expect(columnsFromSearch(undefined)).toBeUndefined();
    expect(columnsFromSearch(' , ')).toBeUndefined();
    expect(columnsToSearch([])).toBeUndefined();
  });
  it('the schema keeps cols and drops a bad one', () => {
    expect(tableSearchSchema.parse({ cols: 'name,status' })).toEqual({ cols: 'name,status' });
    expect(tableSearchSchema.parse({ cols: 'x'.repeat(2001) })).toEqual({});
  });
});

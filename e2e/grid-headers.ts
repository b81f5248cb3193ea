import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Every column header of the grid reads in full (docs/product.md#grids): neither its cell nor its sort button's text
 * (cut with an ellipsis when its column is too narrow) is wider than what shows of it.
 */
export async function expectHeadersInFull(grid: Locator) {
  const cut = await grid.getByRole('columnheader').evaluateAll((headers) =>
    headers.flatMap((header) => {
      const label = header.querySelector('.data-table__sort > span:first-child');
      const overflows = (element: Element) => element.scrollWidth > element.clientWidth;
      return overflows(header) || (label && overflows(label)) ? [header.textContent ?? ''] : [];
    }),
  );
  expect(cut, 'headers cut short').toEqual([]);
}

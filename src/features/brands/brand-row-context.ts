import { createContext, useContext } from 'react';
import type { Brand } from '../../../contract/brands';
import type { StatusRecord } from '../../../contract/statuses';

/**
 * What the brand grid's cells need beyond their row: the live statuses and the row actions. The columns are module
 * constants (TanStack Table wants them stable), so they read this context rather than closing over screen state; and
 * the actions' mutations live once in the table, not once per row (rows mount by the dozen while scrolling).
 */
export interface BrandRowContext {
  subcategoryId: number;
  /** The brand's equipment-generation status record, or null ('Not Generated'). */
  statusOf: (brand: Brand) => StatusRecord | null;
  openHistory: (brand: Brand) => void;
  /** Adds the brand to the exclusion list (or takes it off), with the spec's toasts. */
  exclude: (brand: Brand) => void;
  unexclude: (brand: Brand) => void;
  /** Whether the brand's exclusion change is on its way (its menu is disabled meanwhile). */
  exclusionPending: (brandId: number) => boolean;
}

export const BrandRowContextValue = createContext<BrandRowContext | null>(null);

export function useBrandRow(): BrandRowContext {
  const value = useContext(BrandRowContextValue);
  if (!value) throw new Error('Brand cells render inside the brands table.');
  return value;
}

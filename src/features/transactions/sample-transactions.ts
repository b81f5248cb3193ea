/**
 * The transactions screen's sample rows (SPEC 2: a static mock-up that loads no data). Nothing here is real; the
 * screen says so.
 */
export const transactionTypes = ['deposit', 'withdrawal', 'transfer'] as const;
export type TransactionType = (typeof transactionTypes)[number];

export interface SampleTransaction {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  type: TransactionType;
  /** Signed: a deposit adds tokens, a withdrawal or transfer takes them. */
  tokens: number;
}

export const sampleTransactions: readonly SampleTransaction[] = [
  { id: 1, date: '2026-03-02', description: 'Token package: 1,000,000 tokens', type: 'deposit', tokens: 1_000_000 },
  { id: 2, date: '2026-03-03', description: 'Brand generation: Excavators', type: 'withdrawal', tokens: -18_400 },
  { id: 3, date: '2026-03-05', description: 'Equipment generation: 4 brands', type: 'withdrawal', tokens: -42_150 },
  { id: 4, date: '2026-03-08', description: 'Transfer to team workspace', type: 'transfer', tokens: -250_000 },
  { id: 5, date: '2026-03-11', description: 'Event generation: Medical Devices', type: 'withdrawal', tokens: -9_800 },
  { id: 6, date: '2026-03-14', description: 'Token package: 5,000,000 tokens', type: 'deposit', tokens: 5_000_000 },
  { id: 7, date: '2026-03-17', description: 'Equipment generation: 12 brands', type: 'withdrawal', tokens: -126_300 },
  { id: 8, date: '2026-03-21', description: 'Transfer from team workspace', type: 'transfer', tokens: 100_000 },
  { id: 9, date: '2026-03-25', description: 'Brand generation: Tractors', type: 'withdrawal', tokens: -21_050 },
  { id: 10, date: '2026-03-29', description: 'Event generation: Audio Equipment', type: 'withdrawal', tokens: -7_600 },
];

export type TypeFilter = 'all' | TransactionType;

/** The sample rows a date (YYYY-MM-DD or '') and a type select. */
export function filterSample(rows: readonly SampleTransaction[], date: string, type: TypeFilter): SampleTransaction[] {
  return rows.filter((row) => (date === '' || row.date === date) && (type === 'all' || row.type === type));
}

/** '+1,000,000' / '-18,400' */
export function formatTokenAmount(tokens: number): string {
  const text = new Intl.NumberFormat('en-US').format(Math.abs(tokens));
  return tokens < 0 ? `-${text}` : `+${text}`;
}

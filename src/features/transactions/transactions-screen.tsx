/** SPEC 2 "Transactions screen" (/dashboard/transactions), a static mock-up. Built by a later issue. */
export function TransactionsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Transactions</h1>
    </section>
  );
}

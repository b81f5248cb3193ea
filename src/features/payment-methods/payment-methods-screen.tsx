/** SPEC 2 "Payment Methods screen" (/dashboard/payment-methods). Built by a later issue. */
export function PaymentMethodsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Payment Methods</h1>
    </section>
  );
}

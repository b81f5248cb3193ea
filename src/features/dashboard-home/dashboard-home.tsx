/** The dashboard home (/dashboard). Its content comes with a later issue. */
export function DashboardHome() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Dashboard</h1>
    </section>
  );
}

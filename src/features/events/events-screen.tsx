/** SPEC 2 "Events screen" (/dashboard/events). Built by a later issue; its route sets the Events screen type. */
export function EventsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Events</h1>
    </section>
  );
}

/** SPEC 2 "Equipments screen" (/dashboard/equipments). Built by a later issue; its route sets the Equipments screen type. */
export function EquipmentsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Equipments</h1>
    </section>
  );
}

/** SPEC 2 "Equipment exclusions screen" (/dashboard/equipments/exclusions). Built by a later issue. */
export function EquipmentExclusionsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Equipment exclusions</h1>
    </section>
  );
}

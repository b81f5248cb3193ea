/** SPEC 2 "Brands screen" (/dashboard/brands). Built by a later issue; its route sets the Equipments screen type. */
export function BrandsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen__title">Brands</h1>
    </section>
  );
}

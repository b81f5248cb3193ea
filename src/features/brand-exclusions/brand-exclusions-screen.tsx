/**
 * SPEC 2 "Brand exclusions screens (two variants)": `equipments` at /dashboard/equipments/exclusions/brands (under the
 * exclusions sub-nav), `brands` at /dashboard/brands/exclusions (the variant with Logo and Socials).
 * Built by a later issue; both routes set the Equipments screen type.
 */
export function BrandExclusionsScreen({ variant }: { variant: 'equipments' | 'brands' }) {
  return (
    <section className="screen" aria-labelledby="screen-title" data-variant={variant}>
      <h1 id="screen-title" className="screen__title">
        Brand exclusions
      </h1>
    </section>
  );
}

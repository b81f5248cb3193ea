import { useDeferredValue, useId, useState } from 'react';
import type { Subcategory } from '../../../contract/categories';
import type { EquipmentBrand } from '../../../contract/equipments';
import { equipmentBrandsPageSize, generateModelsFailedText, useEquipmentBrands, useGenerateModels } from '../../api/equipments';
import { isInProgress } from '../../api/statuses';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { useSpend } from '../generation';
import { SubcategoryDialog, type SubcategoryDialogProps } from './subcategory-dialog';

/**
 * The Brands dialog (docs/product.md#brands-dialog): the subcategory's brand names, each with 'Generate Models', which reads
 * 'Generating...' while that brand is In Progress. A subcategory may hold thousands of brands: the first ones by
 * name are listed, and a search (on the server) finds the others.
 */
export function BrandsDialog(props: SubcategoryDialogProps) {
  return (
    <SubcategoryDialog {...props} title={(subcategory) => (subcategory ? `Brands of ${subcategory.name}` : 'Brands')} size="lg">
      {(subcategory) => <BrandsList subcategory={subcategory} />}
    </SubcategoryDialog>
  );
}

/** Generate Models for one brand: what it found, or why it failed, said inside the dialog. */
function useGenerateBrandModels(subcategory: Subcategory) {
  const generate = useGenerateModels();
  const { spend } = useSpend();
  const [failure, setFailure] = useState<string | null>(null);
  // Said inside the dialog: while it is open, the rest of the page (the toasts too) is hidden from assistive technology.
  const [success, setSuccess] = useState<string | null>(null);

  function generateFor(brand: EquipmentBrand) {
    if (generate.isPending) return;
    setFailure(null);
    setSuccess(null);
    const body = { brand: brand.id, subcategory_id: subcategory.id };
    void spend({ type: 'Models', ...body }, `Generate the models of ${brand.name}.`, () =>
      generate.mutate(body, {
        onSuccess: (models) =>
          setSuccess(
            models.length > 0
              ? `Generated ${models.length} new ${models.length === 1 ? 'model' : 'models'} for ${brand.name}.`
              : `No new results for ${brand.name}.`,
          ),
        onError: (error) => setFailure(generateModelsFailedText(error)),
      }),
    );
  }
  const running = (brand: EquipmentBrand) => isInProgress(brand.status) || (generate.isPending && generate.variables.brand === brand.id);
  return { generateFor, running, failure, success };
}

function BrandsList({ subcategory }: { subcategory: Subcategory }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const brands = useEquipmentBrands(subcategory.id, q);
  const generation = useGenerateBrandModels(subcategory);

  return (
    <div className="brands-dialog">
      <label className="sr-only" htmlFor={searchId}>
        Search brands
      </label>
      <input
        id={searchId}
        type="search"
        className="input"
        placeholder="Search brands"
        value={search}
        maxLength={200}
        onChange={(event) => setSearch(event.target.value)}
      />
      {generation.failure ? (
        <p role="alert" className="form-error">
          {generation.failure}
        </p>
      ) : null}
      <p role="status" className="brands-dialog__outcome">
        {generation.success}
      </p>
      {brands.isPending ? (
        <div className="brands-dialog__state">
          <Spinner label="Loading brands" />
        </div>
      ) : brands.isError ? (
        <p role="alert" className="form-error">
          Failed to fetch brands. Please try again.
        </p>
      ) : brands.data.length === 0 ? (
        <p className="brands-dialog__state">{q ? 'No brands match this search.' : `No brands available for ${subcategory.name}.`}</p>
      ) : (
        <BrandRows subcategory={subcategory} brands={brands.data} idPrefix={searchId} generation={generation} />
      )}
    </div>
  );
}

function BrandRows({
  subcategory,
  brands,
  idPrefix,
  generation,
}: {
  subcategory: Subcategory;
  brands: readonly EquipmentBrand[];
  idPrefix: string;
  generation: ReturnType<typeof useGenerateBrandModels>;
}) {
  return (
    <>
      <ul className="brands-dialog__list" aria-label={`Brands of ${subcategory.name}`}>
        {brands.map((brand) => {
          const running = generation.running(brand);
          return (
            <li key={brand.id} className="brands-dialog__item">
              <span id={`${idPrefix}-brand-${brand.id}`} className="brands-dialog__name">
                {brand.name}
              </span>
              <StatusBadge name={brand.status} />
              <Button
                size="compact"
                aria-describedby={`${idPrefix}-brand-${brand.id}`}
                disabled={running}
                onClick={() => generation.generateFor(brand)}
              >
                {running ? 'Generating...' : 'Generate Models'}
              </Button>
            </li>
          );
        })}
      </ul>
      {brands.length >= equipmentBrandsPageSize ? (
        <p className="brands-dialog__more">Showing the first {equipmentBrandsPageSize} brands by name. Search to find the others.</p>
      ) : null}
    </>
  );
}

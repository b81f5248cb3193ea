import { useDeferredValue, useId, useState } from 'react';
import type { Subcategory } from '../../../contract/categories';
import type { EquipmentBrand } from '../../../contract/equipments';
import { equipmentBrandsPageSize, generateModelsFailedText, useEquipmentBrands, useGenerateModels } from '../../api/equipments';
import { isInProgress } from '../../api/statuses';
import { Modal } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { StatusBadge } from '../../ui/status-badge';
import { useSpend } from '../generation';

/**
 * The Brands dialog (docs/product.md#brands-dialog): the subcategory's brand names, each with 'Generate Models', which reads
 * 'Generating...' while that brand is In Progress. A subcategory may hold thousands of brands: the first ones by
 * name are listed, and a search (on the server) finds the others.
 */
export function BrandsDialog({
  subcategory,
  onClose,
  returnFocusTo,
}: {
  subcategory: Subcategory | null;
  onClose: () => void;
  returnFocusTo?: { current: HTMLElement | null };
}) {
  return (
    <Modal
      open={subcategory !== null}
      onOpenChange={(open) => !open && onClose()}
      title={subcategory ? `Brands of ${subcategory.name}` : 'Brands'}
      size="lg"
      returnFocusTo={returnFocusTo}
    >
      {subcategory ? <BrandsList key={subcategory.id} subcategory={subcategory} /> : null}
    </Modal>
  );
}

function BrandsList({ subcategory }: { subcategory: Subcategory }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const brands = useEquipmentBrands(subcategory.id, q);
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
              : `Nothing new was found for ${brand.name}.`,
          ),
        onError: (error) => setFailure(generateModelsFailedText(error)),
      }),
    );
  }

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
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
      <p role="status" className="brands-dialog__outcome">
        {success}
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
        <>
          <ul className="brands-dialog__list" aria-label={`Brands of ${subcategory.name}`}>
            {brands.data.map((brand) => {
              const running = isInProgress(brand.status) || (generate.isPending && generate.variables.brand === brand.id);
              return (
                <li key={brand.id} className="brands-dialog__item">
                  <span id={`${searchId}-brand-${brand.id}`} className="brands-dialog__name">
                    {brand.name}
                  </span>
                  <StatusBadge name={brand.status} />
                  <button
                    type="button"
                    className="btn btn--secondary btn--compact"
                    aria-describedby={`${searchId}-brand-${brand.id}`}
                    disabled={running}
                    onClick={() => generateFor(brand)}
                  >
                    {running ? 'Generating...' : 'Generate Models'}
                  </button>
                </li>
              );
            })}
          </ul>
          {brands.data.length >= equipmentBrandsPageSize ? (
            <p className="brands-dialog__more">Showing the first {equipmentBrandsPageSize} brands by name. Search to find the others.</p>
          ) : null}
        </>
      )}
    </div>
  );
}

import { DropdownMenu } from 'radix-ui';
import { MenuContent, MenuRadioItem } from '../../ui/menu';
import { useSelection } from '../../store/selection';
import { headerTexts, type CategoryMenuState, type SubcategoryMenuState } from './header-model';

type MenuControl = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void };

function Chevron() {
  return (
    <svg className="select-trigger__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A dropdown trigger with a small visible label ("Category") above its value. */
function TriggerFace({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <>
      <span className="select-trigger__text">
        <span className="select-trigger__label">{label}</span>
        <span className={muted ? 'select-trigger__value select-trigger__value--muted' : 'select-trigger__value'}>{value}</span>
      </span>
      <Chevron />
    </>
  );
}

/** A trigger that has nothing to offer: it says why, and is disabled. */
function InertTrigger({ label, value, busy }: { label: string; value: string; busy?: boolean }) {
  return (
    <button type="button" className="select-trigger" disabled aria-busy={busy || undefined}>
      <TriggerFace label={label} value={value} muted />
    </button>
  );
}

/**
 * The category dropdown (docs/product.md#dashboard-header): 'Loading...' while categories load, the error text with a retry when they cannot
 * be loaded, 'No categories available' when there are none; otherwise a radio list of the categories.
 */
export function CategoryMenu({ state, menu, onRetry }: { state: CategoryMenuState; menu: MenuControl; onRetry: () => void }) {
  const selectCategory = useSelection((s) => s.selectCategory);

  if (state.kind === 'loading') return <InertTrigger label="Category" value={headerTexts.loading} busy />;
  if (state.kind === 'empty') return <InertTrigger label="Category" value={headerTexts.noCategories} />;
  if (state.kind === 'error') {
    return (
      <div className="header-error" role="alert">
        <span>{headerTexts.error}</span>
        <button type="button" className="btn btn--link" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }

  const { categories, selected } = state;
  return (
    <DropdownMenu.Root modal={false} open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger className="select-trigger" title={selected?.name}>
        <TriggerFace label="Category" value={selected?.name ?? 'Select a category'} muted={!selected} />
      </DropdownMenu.Trigger>
      <MenuContent className="menu--scroll" onCloseAutoFocus={menu.onCloseAutoFocus}>
        <DropdownMenu.RadioGroup
          value={selected ? String(selected.id) : ''}
          onValueChange={(value) => {
            const category = categories.find((c) => String(c.id) === value);
            if (category) selectCategory(category);
          }}
        >
          {categories.map((category) => (
            <MenuRadioItem key={category.id} value={String(category.id)}>
              <span className="menu__text">{category.name}</span>
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/**
 * The subcategory dropdown (docs/product.md#dashboard-header), only for the Equipments type: 'Select a category first' without a category,
 * 'No subcategories available' when the category has none; otherwise a radio list of its subcategories.
 */
export function SubcategoryMenu({ state, menu }: { state: SubcategoryMenuState; menu: MenuControl }) {
  const selectSubcategory = useSelection((s) => s.selectSubcategory);

  if (state.kind === 'hidden') return null;
  if (state.kind === 'no-category') return <InertTrigger label="Subcategory" value={headerTexts.selectCategoryFirst} />;
  if (state.kind === 'empty') return <InertTrigger label="Subcategory" value={headerTexts.noSubcategories} />;

  const { subcategories, selected } = state;
  return (
    <DropdownMenu.Root modal={false} open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger className="select-trigger" title={selected?.name}>
        <TriggerFace label="Subcategory" value={selected?.name ?? 'Select a subcategory'} muted={!selected} />
      </DropdownMenu.Trigger>
      <MenuContent className="menu--scroll" onCloseAutoFocus={menu.onCloseAutoFocus}>
        <DropdownMenu.RadioGroup
          value={selected ? String(selected.id) : ''}
          onValueChange={(value) => {
            const subcategory = subcategories.find((s) => String(s.id) === value);
            if (subcategory) selectSubcategory(subcategory.id);
          }}
        >
          {subcategories.map((subcategory) => (
            <MenuRadioItem key={subcategory.id} value={String(subcategory.id)}>
              <span className="menu__text">{subcategory.name}</span>
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

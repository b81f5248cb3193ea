import { DropdownMenu } from 'radix-ui';
import type { Category, Subcategory } from '../../../contract/categories';
import { FetchFailure } from '../../ui/fetch-failure';
import { MenuContent, MenuRadioItem } from '../../ui/menu';
import { headerTexts, type CategoryMenuState, type SubcategoryMenuState } from './header-model';

type MenuControl = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void };
type MenuProps<State, Item> = { state: State; menu: MenuControl; onSelect: (item: Item) => void };

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

/** A radio list of the header's selection: its trigger shows the chosen item, or asks for one ("Select a category"). */
function ChoiceMenu<T extends { id: number; name: string }>({
  label,
  items,
  selected,
  menu,
  onSelect,
}: {
  label: 'Category' | 'Subcategory';
  items: readonly T[];
  selected: T | undefined;
  menu: MenuControl;
  onSelect: (item: T) => void;
}) {
  return (
    <DropdownMenu.Root modal={false} open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger className="select-trigger" title={selected?.name}>
        <TriggerFace label={label} value={selected?.name ?? `Select a ${label.toLowerCase()}`} muted={!selected} />
      </DropdownMenu.Trigger>
      <MenuContent className="menu--scroll" onCloseAutoFocus={menu.onCloseAutoFocus}>
        <DropdownMenu.RadioGroup
          value={selected ? String(selected.id) : ''}
          onValueChange={(value) => {
            const item = items.find((candidate) => String(candidate.id) === value);
            if (item) onSelect(item);
          }}
        >
          {items.map((item) => (
            <MenuRadioItem key={item.id} value={String(item.id)}>
              <span className="menu__text">{item.name}</span>
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/**
 * The category dropdown (docs/product.md#dashboard-header): 'Loading...' while categories load, the error text with a retry when they cannot
 * be loaded, 'No categories available' when there are none; otherwise a radio list of the categories.
 */
export function CategoryMenu({ state, menu, onSelect, onRetry }: MenuProps<CategoryMenuState, Category> & { onRetry: () => void }) {
  if (state.kind === 'loading') return <InertTrigger label="Category" value={headerTexts.loading} busy />;
  if (state.kind === 'empty') return <InertTrigger label="Category" value={headerTexts.noCategories} />;
  if (state.kind === 'error') return <FetchFailure inline className="header-error" message={headerTexts.error} onRetry={onRetry} />;
  return <ChoiceMenu label="Category" items={state.categories} selected={state.selected} menu={menu} onSelect={onSelect} />;
}

/**
 * The subcategory dropdown (docs/product.md#dashboard-header), only for the Equipments type: 'Select a category first' without a category,
 * 'No subcategories available' when the category has none; otherwise a radio list of its subcategories.
 */
export function SubcategoryMenu({ state, menu, onSelect }: MenuProps<SubcategoryMenuState, Subcategory>) {
  if (state.kind === 'hidden') return null;
  if (state.kind === 'no-category') return <InertTrigger label="Subcategory" value={headerTexts.selectCategoryFirst} />;
  if (state.kind === 'empty') return <InertTrigger label="Subcategory" value={headerTexts.noSubcategories} />;
  return <ChoiceMenu label="Subcategory" items={state.subcategories} selected={state.selected} menu={menu} onSelect={onSelect} />;
}
